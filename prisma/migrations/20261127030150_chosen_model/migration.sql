-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "chosenModelId" TEXT;

