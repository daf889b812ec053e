-- Decision 030: a page's search text is its name (lower case, accents folded as users.search_text
-- folds them), its owner's users.search_text and its partner's partners.search_text. Triggers keep
-- it true whatever writes the page, the owner or the partner (renamed, new phone, account deleted).
CREATE OR REPLACE FUNCTION business_page_search_text(page_name text, owner uuid, partner uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT translate(lower(coalesce(page_name, '')), 'àâäáãåéèêëíìîïóòôöõúùûüçñÿ', 'aaaaaaeeeeiiiiooooouuuucny')
    || ' ' || coalesce((SELECT u.search_text FROM users u WHERE u.id = owner), '')
    || ' ' || coalesce((SELECT p.search_text FROM partners p WHERE p.id = partner), '')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_pages_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := business_page_search_text(NEW.name, NEW.owner_id, NEW.partner_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER business_pages_search_text_insert BEFORE INSERT ON business_pages
  FOR EACH ROW EXECUTE FUNCTION business_pages_set_search_text();
--> statement-breakpoint
CREATE TRIGGER business_pages_search_text_update BEFORE UPDATE OF name, owner_id, partner_id ON business_pages
  FOR EACH ROW EXECUTE FUNCTION business_pages_set_search_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_pages_follow_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE business_pages SET search_text = business_page_search_text(name, owner_id, partner_id) WHERE owner_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_business_pages_search_text AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION business_pages_follow_owner();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_pages_follow_partner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE business_pages SET search_text = business_page_search_text(name, owner_id, partner_id) WHERE partner_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER partners_business_pages_search_text AFTER UPDATE ON partners
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION business_pages_follow_partner();
--> statement-breakpoint
UPDATE business_pages SET search_text = business_page_search_text(name, owner_id, partner_id);
