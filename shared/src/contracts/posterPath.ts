// Its own module (no schema library): the host's home page builds poster addresses with it.
/** The image address of a film, for `<img src>` (the api serves it; nothing external). `lang`: an <img> sends the browser's language, not the page's. */
export const featureImagePath = (featureId: number, lang?: string) => `/features/${featureId}/placeholderImage${lang ? `?lang=${lang}` : ''}`;
