-- CreateTable
CREATE TABLE "BattleEmbedding" (
    "conversationId" UUID NOT NULL,
    "image" BYTEA,
    "imageScale" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "text" BYTEA NOT NULL,
    "textScale" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "version" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BattleEmbedding_pkey" PRIMARY KEY ("conversationId")
);

-- CreateIndex
CREATE INDEX "BattleEmbedding_createdAt_idx" ON "BattleEmbedding"("createdAt");

-- AddForeignKey
ALTER TABLE "BattleEmbedding" ADD CONSTRAINT "BattleEmbedding_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
