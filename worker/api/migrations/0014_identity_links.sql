-- Linked provider accounts as the security page shows them: the provider's e-mail is kept with the link, and a
-- member links at most one account of each provider (so a link is named by its provider).
ALTER TABLE oauth_identities ADD COLUMN email TEXT;

DROP INDEX oauth_identities_member;
CREATE UNIQUE INDEX oauth_identities_member_provider ON oauth_identities (member_id, provider);
