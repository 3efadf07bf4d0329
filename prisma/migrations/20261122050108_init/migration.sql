-- Public identifiers are 128 random bits from gen_random_bytes.
CREATE EXTENSION IF NOT EXISTS pgcrypto;

-- CreateEnum
CREATE TYPE "Module" AS ENUM ('DOCUMENTO', 'FIRMA', 'CONTACTO', 'ORGANIZACION', 'NOTIFICACION', 'GRUPO', 'USUARIO', 'ROL', 'MYSIGN');

-- CreateEnum
CREATE TYPE "MfaMethodType" AS ENUM ('TOTP', 'EMAIL', 'SMS');

-- CreateEnum
CREATE TYPE "CodePurpose" AS ENUM ('MFA_LOGIN', 'MFA_ACTIVATION', 'EMAIL_VALIDATION', 'PASSWORD_RESET', 'UNLOCK', 'SET_PASSWORD');

-- CreateEnum
CREATE TYPE "ChannelType" AS ENUM ('EMAIL', 'SMS');

-- CreateEnum
CREATE TYPE "Language" AS ENUM ('es_es', 'en_us');

-- CreateEnum
CREATE TYPE "FlowKind" AS ENUM ('SIGNATURE', 'VALIDATION');

-- CreateEnum
CREATE TYPE "StepType" AS ENUM ('DATA_CONFIRM', 'ACCEPT_TERMS', 'SEE_DOCUMENT', 'ID_PHOTO', 'SELFIE', 'VIDEO', 'SIGNATURE', 'FINGERPRINT', 'GEOLOCATION');

-- CreateEnum
CREATE TYPE "DocumentStatus" AS ENUM ('DRAFT', 'SCHEDULED', 'SENT', 'IN_PROGRESS', 'IN_REVIEW', 'COMPLETED', 'REJECTED', 'CANCELLED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "ProcessStatus" AS ENUM ('PENDING', 'IN_PROGRESS', 'IN_REVIEW', 'COMPLETED', 'REJECTED', 'LAPSED', 'CANCELLED', 'ATTEMPTS_EXHAUSTED');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('QUEUED', 'SENT', 'FAILED');

-- CreateEnum
CREATE TYPE "EvidenceKind" AS ENUM ('ID_FRONT', 'ID_REAR', 'SELFIE', 'VIDEO', 'SIGNATURE_DRAWING', 'FINGERPRINT', 'EVIDENCE');

-- CreateEnum
CREATE TYPE "EvidenceCheck" AS ENUM ('PENDING', 'VERIFIED', 'FAILED', 'IN_REVIEW');

-- CreateEnum
CREATE TYPE "ProcessType" AS ENUM ('ENVIO', 'VALIDACION');

-- CreateEnum
CREATE TYPE "StampStatus" AS ENUM ('PENDING', 'SUBMITTED', 'CONFIRMED', 'FAILED');

-- CreateTable
CREATE TABLE "Organization" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "name" TEXT NOT NULL,
    "legalId" TEXT,
    "country" TEXT NOT NULL DEFAULT 'ES',
    "logoFileName" TEXT,
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "requiredMfaMethod" "MfaMethodType",
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Organization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Country" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(2) NOT NULL,
    "name" TEXT NOT NULL,
    "phoneCode" TEXT NOT NULL,

    CONSTRAINT "Country_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdentType" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "pattern" TEXT NOT NULL,
    "countryId" INTEGER NOT NULL,

    CONSTRAINT "IdentType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "cellPhone" TEXT,
    "country" TEXT NOT NULL DEFAULT 'ES',
    "identType" TEXT,
    "identNumber" TEXT,
    "passwordHash" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "changePassword" BOOLEAN NOT NULL DEFAULT false,
    "hasApi" BOOLEAN NOT NULL DEFAULT false,
    "platformAdmin" BOOLEAN NOT NULL DEFAULT false,
    "portalAccess" BOOLEAN NOT NULL DEFAULT true,
    "preferredLanguage" "Language" NOT NULL DEFAULT 'es_es',
    "failedLogins" INTEGER NOT NULL DEFAULT 0,
    "lockedAt" TIMESTAMPTZ(3),
    "passwordChangedAt" TIMESTAMPTZ(3),
    "lastLoginAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "roleId" INTEGER,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Role" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "name" TEXT NOT NULL,
    "description" TEXT,
    "organizationId" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Role_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RolePrivilege" (
    "id" SERIAL NOT NULL,
    "roleId" INTEGER NOT NULL,
    "module" "Module" NOT NULL,
    "canView" BOOLEAN NOT NULL DEFAULT false,
    "canCreate" BOOLEAN NOT NULL DEFAULT false,
    "canUpdate" BOOLEAN NOT NULL DEFAULT false,
    "canDelete" BOOLEAN NOT NULL DEFAULT false,
    "canImport" BOOLEAN NOT NULL DEFAULT false,
    "canExport" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "RolePrivilege_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Group" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "name" TEXT NOT NULL,
    "description" TEXT,
    "organizationId" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Group_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GroupMember" (
    "groupId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    CONSTRAINT "GroupMember_pkey" PRIMARY KEY ("groupId","userId")
);

-- CreateTable
CREATE TABLE "MfaMethod" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "type" "MfaMethodType" NOT NULL,
    "secret" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "favorite" BOOLEAN NOT NULL DEFAULT false,
    "activatedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MfaMethod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OneTimeCode" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "purpose" "CodePurpose" NOT NULL,
    "channel" "MfaMethodType",
    "codeHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "consumedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OneTimeCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuthSession" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "userId" INTEGER NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "ip" TEXT,
    "userAgent" TEXT,
    "mfaPassed" BOOLEAN NOT NULL DEFAULT false,
    "mfaMethod" "MfaMethodType",
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActivityAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "endedAt" TIMESTAMPTZ(3),
    "endReason" TEXT,

    CONSTRAINT "AuthSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "keyHash" TEXT NOT NULL,
    "keyPrefix" TEXT NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "createdById" INTEGER,
    "lastUsedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConfigValue" (
    "id" SERIAL NOT NULL,
    "organizationId" INTEGER,
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ConfigValue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Contact" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "organizationId" INTEGER NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "country" TEXT,
    "identType" TEXT,
    "identNumber" TEXT,
    "fingerprintCode" TEXT,
    "preferredLanguage" "Language" NOT NULL DEFAULT 'es_es',
    "userId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Contact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactChannel" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "contactId" INTEGER NOT NULL,
    "type" "ChannelType" NOT NULL,
    "value" TEXT NOT NULL,
    "favorite" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactChannel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentType" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "organizationId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Flow" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "organizationId" INTEGER NOT NULL,
    "kind" "FlowKind" NOT NULL DEFAULT 'SIGNATURE',
    "name" TEXT NOT NULL,
    "createdById" INTEGER,
    "creationDate" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "expirationDays" INTEGER NOT NULL DEFAULT 15,
    "geolocateSigners" BOOLEAN NOT NULL DEFAULT false,
    "obligatoryGeolocation" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Flow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FlowStep" (
    "id" SERIAL NOT NULL,
    "flowId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "type" "StepType" NOT NULL,
    "compareWithPosition" INTEGER,
    "compareTarget" TEXT,
    "documentTypeId" INTEGER,
    "expiryMinutes" INTEGER,
    "maxAttempts" INTEGER,
    "validateWithAuthority" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "FlowStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Document" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "organizationId" INTEGER NOT NULL,
    "senderId" INTEGER,
    "flowId" INTEGER,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "expirationDate" TIMESTAMPTZ(3),
    "status" "DocumentStatus" NOT NULL DEFAULT 'DRAFT',
    "tags" TEXT[],
    "callBackUrl" TEXT,
    "callBackUrlSoftFail" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentFile" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "documentId" INTEGER NOT NULL,
    "documentTypeId" INTEGER,
    "fileName" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "pages" INTEGER NOT NULL,
    "signedStorageKey" TEXT,
    "signedSha256" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentFile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SignerOrder" (
    "id" SERIAL NOT NULL,
    "documentId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "minSigners" INTEGER NOT NULL,

    CONSTRAINT "SignerOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Signer" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "urlSignHash" TEXT,
    "documentId" INTEGER NOT NULL,
    "contactId" INTEGER,
    "position" INTEGER NOT NULL DEFAULT 1,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT,
    "cellPhone" TEXT,
    "country" TEXT,
    "identType" TEXT,
    "identNumber" TEXT,
    "mandatory" BOOLEAN NOT NULL DEFAULT true,
    "canReject" BOOLEAN NOT NULL DEFAULT true,
    "preferredLanguage" "Language" NOT NULL DEFAULT 'es_es',
    "status" "ProcessStatus" NOT NULL DEFAULT 'PENDING',
    "termsAccepted" BOOLEAN NOT NULL DEFAULT false,
    "currentStep" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "rejectionReason" TEXT,
    "ip" TEXT,
    "userAgent" TEXT,
    "invitedAt" TIMESTAMPTZ(3),
    "signedAt" TIMESTAMPTZ(3),
    "rejectedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Signer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScheduledNotification" (
    "id" SERIAL NOT NULL,
    "documentId" INTEGER NOT NULL,
    "sendAt" TIMESTAMPTZ(3) NOT NULL,
    "sentAt" TIMESTAMPTZ(3),

    CONSTRAINT "ScheduledNotification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Delivery" (
    "id" SERIAL NOT NULL,
    "signerId" INTEGER NOT NULL,
    "channel" "ChannelType" NOT NULL,
    "kind" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'QUEUED',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "sentAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Delivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ValidationLink" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "organizationId" INTEGER NOT NULL,
    "flowId" INTEGER NOT NULL,
    "pin" VARCHAR(4) NOT NULL,
    "expirationDate" TIMESTAMPTZ(3) NOT NULL,
    "description" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "requireLocation" BOOLEAN NOT NULL DEFAULT false,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ValidationLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ValidationProcess" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "urlSignHash" TEXT,
    "organizationId" INTEGER NOT NULL,
    "validationLinkId" INTEGER,
    "flowId" INTEGER NOT NULL,
    "status" "ProcessStatus" NOT NULL DEFAULT 'PENDING',
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "cellPhone" TEXT,
    "country" TEXT,
    "identType" TEXT,
    "identNumber" TEXT,
    "preferredLanguage" "Language" NOT NULL DEFAULT 'es_es',
    "currentStep" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expirationDate" TIMESTAMPTZ(3),
    "rejectionReason" TEXT,
    "ip" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ValidationProcess_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Evidence" (
    "id" SERIAL NOT NULL,
    "hexId" TEXT NOT NULL DEFAULT encode(gen_random_bytes(16), 'hex'::text),
    "kind" "EvidenceKind" NOT NULL,
    "signerId" INTEGER,
    "validationProcessId" INTEGER,
    "storageKey" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "check" "EvidenceCheck" NOT NULL DEFAULT 'PENDING',
    "checkDetail" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Evidence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StampBatch" (
    "id" SERIAL NOT NULL,
    "merkleRoot" TEXT NOT NULL,
    "status" "StampStatus" NOT NULL DEFAULT 'PENDING',
    "lacchainTx" TEXT,
    "rolluxTx" TEXT,
    "localTx" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmedAt" TIMESTAMPTZ(3),

    CONSTRAINT "StampBatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StampingRecord" (
    "id" SERIAL NOT NULL,
    "evidenceId" INTEGER NOT NULL,
    "kind" "EvidenceKind" NOT NULL,
    "code" INTEGER,
    "ethTrxid" TEXT,
    "linkAuditoria" TEXT,
    "linkLacchain" TEXT,
    "linkRollux" TEXT,
    "linkStamping" TEXT,
    "batchId" INTEGER,
    "merkleProof" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StampingRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Location" (
    "id" SERIAL NOT NULL,
    "processType" "ProcessType" NOT NULL,
    "signerId" INTEGER,
    "validationProcessId" INTEGER,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "altitude" DOUBLE PRECISION,
    "accuracy" DOUBLE PRECISION,
    "altitudeAccuracy" DOUBLE PRECISION,
    "heading" DOUBLE PRECISION,
    "speed" DOUBLE PRECISION,
    "mapLink" TEXT,
    "displayName" TEXT,
    "errorCode" INTEGER,
    "errorMessage" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Location_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" SERIAL NOT NULL,
    "documentId" INTEGER,
    "validationProcessId" INTEGER,
    "sequence" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "prevHash" TEXT,
    "hash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OperationLog" (
    "id" SERIAL NOT NULL,
    "moduleId" "Module" NOT NULL,
    "eventUserId" INTEGER,
    "operationEventId" TEXT NOT NULL,
    "eventTimestamp" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "detail" TEXT NOT NULL,
    "organizationId" INTEGER NOT NULL,

    CONSTRAINT "OperationLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TransactionLog" (
    "id" SERIAL NOT NULL,
    "typeId" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "transactionHexId" TEXT NOT NULL,
    "processType" "ProcessType" NOT NULL,
    "isSignature" BOOLEAN NOT NULL,
    "resultSuccess" BOOLEAN NOT NULL,
    "organizationId" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TransactionLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Organization_hexId_key" ON "Organization"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "Country_code_key" ON "Country"("code");

-- CreateIndex
CREATE UNIQUE INDEX "IdentType_countryId_code_key" ON "IdentType"("countryId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "User_hexId_key" ON "User"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_cellPhone_key" ON "User"("cellPhone");

-- CreateIndex
CREATE INDEX "User_organizationId_idx" ON "User"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "Role_hexId_key" ON "Role"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "Role_organizationId_name_key" ON "Role"("organizationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "RolePrivilege_roleId_module_key" ON "RolePrivilege"("roleId", "module");

-- CreateIndex
CREATE UNIQUE INDEX "Group_hexId_key" ON "Group"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "Group_organizationId_name_key" ON "Group"("organizationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "MfaMethod_userId_type_key" ON "MfaMethod"("userId", "type");

-- CreateIndex
CREATE UNIQUE INDEX "OneTimeCode_codeHash_key" ON "OneTimeCode"("codeHash");

-- CreateIndex
CREATE INDEX "OneTimeCode_userId_purpose_idx" ON "OneTimeCode"("userId", "purpose");

-- CreateIndex
CREATE UNIQUE INDEX "AuthSession_hexId_key" ON "AuthSession"("hexId");

-- CreateIndex
CREATE INDEX "AuthSession_organizationId_createdAt_idx" ON "AuthSession"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "AuthSession_userId_idx" ON "AuthSession"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_hexId_key" ON "ApiKey"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_organizationId_name_key" ON "ApiKey"("organizationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "ConfigValue_organizationId_name_key" ON "ConfigValue"("organizationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Contact_hexId_key" ON "Contact"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "Contact_userId_key" ON "Contact"("userId");

-- CreateIndex
CREATE INDEX "Contact_organizationId_lastName_idx" ON "Contact"("organizationId", "lastName");

-- CreateIndex
CREATE UNIQUE INDEX "Contact_organizationId_identType_identNumber_key" ON "Contact"("organizationId", "identType", "identNumber");

-- CreateIndex
CREATE UNIQUE INDEX "ContactChannel_hexId_key" ON "ContactChannel"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "ContactChannel_contactId_type_value_key" ON "ContactChannel"("contactId", "type", "value");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentType_hexId_key" ON "DocumentType"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentType_organizationId_name_key" ON "DocumentType"("organizationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Flow_hexId_key" ON "Flow"("hexId");

-- CreateIndex
CREATE INDEX "Flow_organizationId_idx" ON "Flow"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "FlowStep_flowId_position_key" ON "FlowStep"("flowId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Document_hexId_key" ON "Document"("hexId");

-- CreateIndex
CREATE INDEX "Document_organizationId_status_idx" ON "Document"("organizationId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentFile_hexId_key" ON "DocumentFile"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "SignerOrder_documentId_position_key" ON "SignerOrder"("documentId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Signer_hexId_key" ON "Signer"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "Signer_urlSignHash_key" ON "Signer"("urlSignHash");

-- CreateIndex
CREATE INDEX "Signer_documentId_position_idx" ON "Signer"("documentId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "ValidationLink_hexId_key" ON "ValidationLink"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "ValidationProcess_hexId_key" ON "ValidationProcess"("hexId");

-- CreateIndex
CREATE UNIQUE INDEX "ValidationProcess_urlSignHash_key" ON "ValidationProcess"("urlSignHash");

-- CreateIndex
CREATE INDEX "ValidationProcess_organizationId_status_idx" ON "ValidationProcess"("organizationId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Evidence_hexId_key" ON "Evidence"("hexId");

-- CreateIndex
CREATE INDEX "Evidence_signerId_idx" ON "Evidence"("signerId");

-- CreateIndex
CREATE INDEX "Evidence_validationProcessId_idx" ON "Evidence"("validationProcessId");

-- CreateIndex
CREATE UNIQUE INDEX "StampBatch_merkleRoot_key" ON "StampBatch"("merkleRoot");

-- CreateIndex
CREATE UNIQUE INDEX "StampingRecord_evidenceId_key" ON "StampingRecord"("evidenceId");

-- CreateIndex
CREATE UNIQUE INDEX "AuditEvent_hash_key" ON "AuditEvent"("hash");

-- CreateIndex
CREATE UNIQUE INDEX "AuditEvent_documentId_sequence_key" ON "AuditEvent"("documentId", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "AuditEvent_validationProcessId_sequence_key" ON "AuditEvent"("validationProcessId", "sequence");

-- CreateIndex
CREATE INDEX "OperationLog_organizationId_eventTimestamp_idx" ON "OperationLog"("organizationId", "eventTimestamp");

-- CreateIndex
CREATE INDEX "TransactionLog_organizationId_createdAt_idx" ON "TransactionLog"("organizationId", "createdAt");

-- AddForeignKey
ALTER TABLE "IdentType" ADD CONSTRAINT "IdentType_countryId_fkey" FOREIGN KEY ("countryId") REFERENCES "Country"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "Role"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Role" ADD CONSTRAINT "Role_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RolePrivilege" ADD CONSTRAINT "RolePrivilege_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "Role"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Group" ADD CONSTRAINT "Group_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupMember" ADD CONSTRAINT "GroupMember_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupMember" ADD CONSTRAINT "GroupMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MfaMethod" ADD CONSTRAINT "MfaMethod_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OneTimeCode" ADD CONSTRAINT "OneTimeCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuthSession" ADD CONSTRAINT "AuthSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuthSession" ADD CONSTRAINT "AuthSession_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConfigValue" ADD CONSTRAINT "ConfigValue_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactChannel" ADD CONSTRAINT "ContactChannel_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentType" ADD CONSTRAINT "DocumentType_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Flow" ADD CONSTRAINT "Flow_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Flow" ADD CONSTRAINT "Flow_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowStep" ADD CONSTRAINT "FlowStep_flowId_fkey" FOREIGN KEY ("flowId") REFERENCES "Flow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowStep" ADD CONSTRAINT "FlowStep_documentTypeId_fkey" FOREIGN KEY ("documentTypeId") REFERENCES "DocumentType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_senderId_fkey" FOREIGN KEY ("senderId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_flowId_fkey" FOREIGN KEY ("flowId") REFERENCES "Flow"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentFile" ADD CONSTRAINT "DocumentFile_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentFile" ADD CONSTRAINT "DocumentFile_documentTypeId_fkey" FOREIGN KEY ("documentTypeId") REFERENCES "DocumentType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SignerOrder" ADD CONSTRAINT "SignerOrder_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Signer" ADD CONSTRAINT "Signer_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Signer" ADD CONSTRAINT "Signer_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduledNotification" ADD CONSTRAINT "ScheduledNotification_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Delivery" ADD CONSTRAINT "Delivery_signerId_fkey" FOREIGN KEY ("signerId") REFERENCES "Signer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ValidationLink" ADD CONSTRAINT "ValidationLink_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ValidationLink" ADD CONSTRAINT "ValidationLink_flowId_fkey" FOREIGN KEY ("flowId") REFERENCES "Flow"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ValidationProcess" ADD CONSTRAINT "ValidationProcess_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ValidationProcess" ADD CONSTRAINT "ValidationProcess_validationLinkId_fkey" FOREIGN KEY ("validationLinkId") REFERENCES "ValidationLink"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ValidationProcess" ADD CONSTRAINT "ValidationProcess_flowId_fkey" FOREIGN KEY ("flowId") REFERENCES "Flow"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Evidence" ADD CONSTRAINT "Evidence_signerId_fkey" FOREIGN KEY ("signerId") REFERENCES "Signer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Evidence" ADD CONSTRAINT "Evidence_validationProcessId_fkey" FOREIGN KEY ("validationProcessId") REFERENCES "ValidationProcess"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StampingRecord" ADD CONSTRAINT "StampingRecord_evidenceId_fkey" FOREIGN KEY ("evidenceId") REFERENCES "Evidence"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StampingRecord" ADD CONSTRAINT "StampingRecord_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "StampBatch"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Location" ADD CONSTRAINT "Location_signerId_fkey" FOREIGN KEY ("signerId") REFERENCES "Signer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Location" ADD CONSTRAINT "Location_validationProcessId_fkey" FOREIGN KEY ("validationProcessId") REFERENCES "ValidationProcess"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_validationProcessId_fkey" FOREIGN KEY ("validationProcessId") REFERENCES "ValidationProcess"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OperationLog" ADD CONSTRAINT "OperationLog_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransactionLog" ADD CONSTRAINT "TransactionLog_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
