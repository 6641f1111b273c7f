-- AlterTable
ALTER TABLE "Model" ADD COLUMN     "maxAnswerChars" INTEGER;

