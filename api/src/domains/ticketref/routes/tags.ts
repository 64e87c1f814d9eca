export const TAGS = ['ticketref'];
