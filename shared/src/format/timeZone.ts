/** Every date the product shows or takes is in Israel's time (spec: time zone Asia/Jerusalem). */
export const TIME_ZONE = 'Asia/Jerusalem';
