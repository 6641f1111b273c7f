-- AlterTable
ALTER TABLE "Model" ADD COLUMN     "paramRules" JSONB;

