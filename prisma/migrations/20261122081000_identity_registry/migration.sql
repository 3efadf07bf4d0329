-- CreateTable
CREATE TABLE "RegistryPerson" (
    "id" SERIAL NOT NULL,
    "country" VARCHAR(2) NOT NULL,
    "identType" TEXT NOT NULL,
    "identNumber" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "birthDate" DATE,
    "importedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RegistryPerson_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RegistryPerson_country_identType_identNumber_key" ON "RegistryPerson"("country", "identType", "identNumber");
