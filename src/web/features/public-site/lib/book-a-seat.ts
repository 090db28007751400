/** The id of Book A Seat's section: Join Now on a class card leads here. */
export const BOOK_A_SEAT_ID = 'book-a-seat';
/** `?seat=<class card id>`: the class Join Now chose. */
export const SEAT_PARAM = 'seat';
