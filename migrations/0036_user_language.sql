-- Issue #32: the language a person chose (the picker, sign-up's page, or /account). Signed-in
-- pages and the e-mails sent to them use it; NULL until chosen (then the `lang` cookie, or English).
ALTER TABLE users ADD COLUMN language TEXT;
