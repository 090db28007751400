import { WordsScreen } from '../../../features/words/components/WordsScreen.js';

/** Words (docs/decisions/0065-the-schools-own-words.md): the school's own words for any text. */
export default function WordsRoute() {
  return <WordsScreen />;
}
