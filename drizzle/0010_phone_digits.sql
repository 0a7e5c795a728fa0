-- custom: phones are stored once, as the national digits normalizePhone (app/lib/phone.ts) returns
-- (issue 17 item 1); until now they were stored masked, and "+55 11 97654-3210" became
-- "(55) 11976-5432". Keep the digits, drop a leading 55 when 12–13 digits remain (the country code)
-- and a trunk 0 when 11–12 remain; a value that still is not a Brazilian number keeps its digits
-- (shown as typed, the admin can correct it).
UPDATE "leads" SET "phone" = CASE
    WHEN regexp_replace("phone", '\D', '', 'g') ~ '^55\d{10,11}$' THEN substr(regexp_replace("phone", '\D', '', 'g'), 3)
    WHEN regexp_replace("phone", '\D', '', 'g') ~ '^0\d{10,11}$' THEN substr(regexp_replace("phone", '\D', '', 'g'), 2)
    ELSE regexp_replace("phone", '\D', '', 'g')
  END
  WHERE "phone" ~ '\D' OR "phone" ~ '^(55\d{10,11}|0\d{10,11})$';--> statement-breakpoint
UPDATE "clients" SET "phone" = CASE
    WHEN regexp_replace("phone", '\D', '', 'g') ~ '^55\d{10,11}$' THEN substr(regexp_replace("phone", '\D', '', 'g'), 3)
    WHEN regexp_replace("phone", '\D', '', 'g') ~ '^0\d{10,11}$' THEN substr(regexp_replace("phone", '\D', '', 'g'), 2)
    ELSE regexp_replace("phone", '\D', '', 'g')
  END
  WHERE "phone" ~ '\D' OR "phone" ~ '^(55\d{10,11}|0\d{10,11})$';--> statement-breakpoint
UPDATE "referrals" SET "contact_phone" = CASE
    WHEN regexp_replace("contact_phone", '\D', '', 'g') ~ '^55\d{10,11}$' THEN substr(regexp_replace("contact_phone", '\D', '', 'g'), 3)
    WHEN regexp_replace("contact_phone", '\D', '', 'g') ~ '^0\d{10,11}$' THEN substr(regexp_replace("contact_phone", '\D', '', 'g'), 2)
    ELSE regexp_replace("contact_phone", '\D', '', 'g')
  END
  WHERE "contact_phone" ~ '\D' OR "contact_phone" ~ '^(55\d{10,11}|0\d{10,11})$';
