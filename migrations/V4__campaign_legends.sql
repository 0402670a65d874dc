-- Campaign settings its players choose on top of the battlepack: whether Legends warscrolls
-- may join an Order of Battle (BSData's "Allow Legends" switch; off unless the campaign says).
ALTER TABLE campaigns ADD COLUMN legends INTEGER NOT NULL DEFAULT 0 CHECK (legends IN (0, 1));

-- JSON of the campaign's settings before a `campaign set`, for undo.
ALTER TABLE change_sets ADD COLUMN campaign_before TEXT;
