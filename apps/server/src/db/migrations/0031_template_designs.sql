-- The visual email builder's design (issue 19 item 5): the MJML a template was built from, so it
-- opens again as blocks. `html` stays the rendered, sanitised email that is sent; null here means
-- the template is edited as rich text or HTML source.
ALTER TABLE "templates" ADD COLUMN "mjml" text;
