-- Names and texts in ru, ar and pl beyond films, venues, cinemas and products (eighteenth session): ticket types, price
-- groups, sections and seat groups, add-ons and their reference prompts, genres and descriptions of films, memberships
-- (name, class, description, prices), terms links, gift vouchers and their categories, donation causes and seasons.
-- Still one row per entity, id and locale; a text of an entity (a description) is an entity kind of its own.
ALTER TABLE localized_names DROP CONSTRAINT IF EXISTS localized_names_entity_check;
ALTER TABLE localized_names ADD CONSTRAINT localized_names_entity_check CHECK (entity IN (
  'feature', 'venue', 'location', 'product',
  'feature_genre', 'feature_description',
  'ticket', 'ticket_group', 'ticket_prompt1', 'ticket_prompt2', 'addon', 'section', 'seat_group',
  'membership', 'membership_class', 'membership_description', 'membership_price', 'terms',
  'voucher', 'voucher_description', 'voucher_class',
  'donation', 'donation_description',
  'season', 'season_description'
));
