-- AlterTable
ALTER TABLE "Provider" ADD COLUMN     "consoleEditedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Model" ADD COLUMN     "consoleEditedAt" TIMESTAMP(3);

