-- AlterTable
ALTER TABLE "Model" ADD COLUMN     "priceInputPerMTok" DOUBLE PRECISION,
ADD COLUMN     "priceOutputPerMTok" DOUBLE PRECISION;

