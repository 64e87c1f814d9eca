-- Names of films, venues, cinemas and products in the locales beyond the he/en columns (ru, ar, pl).
-- The api serves the visitor's language (lang / Accept-Language) and falls back to Hebrew (issue 16 item 7).
CREATE TABLE localized_names (
  entity    text NOT NULL CHECK (entity IN ('feature', 'venue', 'location', 'product')),
  entity_id int  NOT NULL,
  locale    text NOT NULL CHECK (locale IN ('ru', 'ar', 'pl')),
  name      text NOT NULL,
  PRIMARY KEY (entity, entity_id, locale)
);
