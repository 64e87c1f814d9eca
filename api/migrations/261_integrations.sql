-- Partner integrations (spec section 7, GET /integration?TS=&ret=&key=): who may hand visitors over, and back where.
CREATE TABLE integrations (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  return_origin text NOT NULL,
  max_age_s   int  NOT NULL DEFAULT 900,
  is_active   boolean NOT NULL DEFAULT true
);
