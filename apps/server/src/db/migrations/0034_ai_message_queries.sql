-- The typed questions an assistant answer ran (QueryRun[]: the question, its words, the figure and
-- the screen link), kept with the answer so a conversation read again shows them under it.
ALTER TABLE "ai_messages" ADD COLUMN "queries" jsonb DEFAULT '[]'::jsonb NOT NULL;
