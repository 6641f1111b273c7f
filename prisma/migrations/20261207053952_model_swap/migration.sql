-- CreateTable
CREATE TABLE "ModelSwap" (
    "id" UUID NOT NULL,
    "conversationId" UUID NOT NULL,
    "side" "Side" NOT NULL,
    "fromModelId" TEXT NOT NULL,
    "toModelId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelSwap_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ModelSwap_conversationId_idx" ON "ModelSwap"("conversationId");

-- AddForeignKey
ALTER TABLE "ModelSwap" ADD CONSTRAINT "ModelSwap_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

