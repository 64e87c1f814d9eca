/** Spec sections 4 and 9: venue types 101–104 are video on demand; 101 and 102 clear all cart presentations when loaded. */
export const isVodVenueType = (venueTypeId: number) => venueTypeId >= 101 && venueTypeId <= 104;
export const clearsCartOnLoad = (venueTypeId: number) => venueTypeId === 101 || venueTypeId === 102;
