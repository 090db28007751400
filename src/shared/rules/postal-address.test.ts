import { describe, expect, it } from 'vitest';
import { readPostalAddress } from './postal-address.js';

describe('reading a school’s address', () => {
  it.each([
    [
      '14 Orchard Lane, Greenfield, GF4 2QL',
      { streetAddress: '14 Orchard Lane', addressLocality: 'Greenfield', postalCode: 'GF4 2QL' },
    ],
    [
      '221B Baker Street, London NW1 6XE, United Kingdom',
      {
        streetAddress: '221B Baker Street',
        addressLocality: 'London',
        postalCode: 'NW1 6XE',
        addressCountry: 'GB',
      },
    ],
    [
      'Flat 2, 10 High Street, Oxford OX1 4AA',
      { streetAddress: 'Flat 2, 10 High Street', addressLocality: 'Oxford', postalCode: 'OX1 4AA' },
    ],
    [
      '12 Meadow Lane, Springfield, IL 62704',
      {
        streetAddress: '12 Meadow Lane',
        addressLocality: 'Springfield',
        addressRegion: 'IL',
        postalCode: '62704',
      },
    ],
    [
      '1 Infinite Loop, Cupertino, CA 95014-2083, USA',
      {
        streetAddress: '1 Infinite Loop',
        addressLocality: 'Cupertino',
        addressRegion: 'CA',
        postalCode: '95014-2083',
        addressCountry: 'US',
      },
    ],
    [
      'Hauptstraße 5, 10115 Berlin, Germany',
      {
        streetAddress: 'Hauptstraße 5',
        addressLocality: 'Berlin',
        postalCode: '10115',
        addressCountry: 'DE',
      },
    ],
    [
      '10 Rue de Rivoli\n75001 Paris\nFrance',
      {
        streetAddress: '10 Rue de Rivoli',
        addressLocality: 'Paris',
        postalCode: '75001',
        addressCountry: 'FR',
      },
    ],
    [
      'Damrak 1, 1012 LG Amsterdam, The Netherlands',
      {
        streetAddress: 'Damrak 1',
        addressLocality: 'Amsterdam',
        postalCode: '1012 LG',
        addressCountry: 'NL',
      },
    ],
    [
      '100 Queen St W, Toronto, ON M5H 2N2, Canada',
      {
        streetAddress: '100 Queen St W',
        addressLocality: 'Toronto',
        addressRegion: 'ON',
        postalCode: 'M5H 2N2',
        addressCountry: 'CA',
      },
    ],
    [
      '1 George St, Sydney NSW 2000, Australia',
      {
        streetAddress: '1 George St',
        addressLocality: 'Sydney',
        addressRegion: 'NSW',
        postalCode: '2000',
        addressCountry: 'AU',
      },
    ],
    [
      'Plot 7, Ngong Road, Nairobi 00100, Kenya',
      {
        streetAddress: 'Plot 7, Ngong Road',
        addressLocality: 'Nairobi',
        postalCode: '00100',
        addressCountry: 'KE',
      },
    ],
    [
      'ul. Marszałkowska 1, 00-950 Warszawa',
      { streetAddress: 'ul. Marszałkowska 1', addressLocality: 'Warszawa', postalCode: '00-950' },
    ],
    [
      '5 Church Road,  St. Albans   AL1 3XX',
      { streetAddress: '5 Church Road', addressLocality: 'St. Albans', postalCode: 'AL1 3XX' },
    ],
  ])('%j', (text, expected) => {
    expect(readPostalAddress(text)).toEqual(expected);
  });

  it.each([
    // One line without commas: where the street ends is a guess.
    ['12 Meadow Lane Springfield IL 62704', { streetAddress: '12 Meadow Lane Springfield IL 62704' }],
    ['Near the old church', { streetAddress: 'Near the old church' }],
    ['14 Orchard Lane', { streetAddress: '14 Orchard Lane' }],
    // No postal code: the town is not told from a district or an estate.
    ['12 Meadow Lane, Springfield', { streetAddress: '12 Meadow Lane, Springfield' }],
    [
      '12 Meadow Lane, Greenfield Estate, USA',
      { streetAddress: '12 Meadow Lane, Greenfield Estate', addressCountry: 'US' },
    ],
    // A house number is not a postal code, and a street is not a town.
    [
      'Sunny Meadows School, 1600 Amphitheatre Parkway',
      { streetAddress: 'Sunny Meadows School, 1600 Amphitheatre Parkway' },
    ],
    ['Business Park, Suite 1200', { streetAddress: 'Business Park, Suite 1200' }],
    ['Main Building, PO Box 12345', { streetAddress: 'Main Building, PO Box 12345' }],
    // The code without a street before the town.
    ['Greenfield, GF4 2QL', { streetAddress: 'Greenfield, GF4 2QL' }],
    // The code before the end: unusual, left as written.
    ['GF4 2QL, 14 Orchard Lane', { streetAddress: 'GF4 2QL, 14 Orchard Lane' }],
    // A country alone is a country, not a street; an unknown last word stays in the street.
    ['Narnia', { streetAddress: 'Narnia' }],
    ['14 Orchard Lane, Greenfield, Atlantis', { streetAddress: '14 Orchard Lane, Greenfield, Atlantis' }],
    ['14 Orchard Lane, constructor', { streetAddress: '14 Orchard Lane, constructor' }],
  ])('%j keeps what it cannot read in the street address', (text, expected) => {
    expect(readPostalAddress(text)).toEqual(expected);
  });

  it('reads nothing from an empty text', () => {
    expect(readPostalAddress('')).toBeUndefined();
    expect(readPostalAddress('  \n ')).toBeUndefined();
    expect(readPostalAddress(undefined)).toBeUndefined();
  });
});
