-- Accounts (spec section 3, "Stored records"). E-mail addresses are stored trimmed and in lower
-- case, so the unique index is case-insensitive in effect. A password is stored only as a PBKDF2
-- hash that names its own algorithm and parameters. Dates are milliseconds since the epoch.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  first_name TEXT,
  last_name TEXT,
  profile_image_url TEXT,
  provider TEXT NOT NULL,
  provider_id TEXT NOT NULL,
  password_hash TEXT,
  email_verified INTEGER NOT NULL DEFAULT 0,
  subscription_plan TEXT NOT NULL DEFAULT 'free',
  subscription_status TEXT NOT NULL DEFAULT 'active',
  trial_start_date INTEGER,
  trial_end_date INTEGER,
  is_trial_active INTEGER NOT NULL DEFAULT 0,
  stripe_customer_id TEXT,
  stripe_subscription_id TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE UNIQUE INDEX users_email ON users (email);

-- Every way a person signs in (e-mail, Google, the OpenID Connect platform): one row per
-- provider account, several per user once accounts are linked by a verified e-mail address.
CREATE TABLE auth_identities (
  provider TEXT NOT NULL,
  provider_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (provider, provider_id)
);

CREATE INDEX auth_identities_by_user ON auth_identities (user_id);
