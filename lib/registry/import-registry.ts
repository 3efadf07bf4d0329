import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { readSheetRows, type UploadedSheet } from "@/lib/spreadsheet/sheet-file";

type Column = "country" | "identType" | "identNumber" | "firstName" | "lastName" | "birthDate";

const headers: Record<string, Column> = {
  country: "country",
  pais: "country",
  identtype: "identType",
  tipoidentificacion: "identType",
  identnumber: "identNumber",
  numeroidentificacion: "identNumber",
  firstname: "firstName",
  nombre: "firstName",
  lastname: "lastName",
  apellidos: "lastName",
  birthdate: "birthDate",
  fechanacimiento: "birthDate",
};

const required: Column[] = ["country", "identType", "identNumber", "firstName", "lastName"];

/**
 * Loads the local identity registry from a CSV or XLSX file (country, identType, identNumber,
 * firstName, lastName, birthDate?). All rows or none: a bad row names its line and nothing changes.
 * A person already present is updated.
 */
export async function importRegistry(file: UploadedSheet): Promise<{ imported: number }> {
  const rows = await readSheetRows<Column>(file, {
    maxBytes: 50 * 1024 * 1024,
    maxRows: 1_000_000,
    columnOf: (key) => headers[key.replace(/[^a-z]/g, "")],
    checkColumns: (columns) => {
      if (required.some((c) => !columns.includes(c))) throw new AppError("VALIDATION_FAILED", { field: "header" });
    },
    errors: {
      file: () => new AppError("VALIDATION_FAILED"),
      empty: () => new AppError("VALIDATION_FAILED"),
      tooLarge: () => new AppError("VALIDATION_FAILED"),
    },
    dateText: (date) => date.toISOString().slice(0, 10),
  });
  const people = rows.map(({ row, values }) => {
    if (required.some((c) => !values[c]?.trim())) throw new AppError("VALIDATION_FAILED", { field: `row ${row}` });
    if (!/^[A-Za-z]{2}$/.test(values.country!.trim())) throw new AppError("VALIDATION_FAILED", { field: `row ${row}` });
    const birth = values.birthDate?.trim();
    if (birth && !/^\d{4}-\d{2}-\d{2}$/.test(birth)) throw new AppError("VALIDATION_FAILED", { field: `row ${row}` });
    return {
      country: values.country!.trim().toUpperCase(),
      identType: values.identType!.trim().toUpperCase(),
      identNumber: values.identNumber!.trim().toUpperCase(),
      firstName: values.firstName!.trim(),
      lastName: values.lastName!.trim(),
      birthDate: birth ? new Date(`${birth}T00:00:00Z`) : null,
    };
  });
  await db.$transaction(
    async (tx) => {
      for (const person of people) {
        const key = { country: person.country, identType: person.identType, identNumber: person.identNumber };
        await tx.registryPerson.upsert({
          where: { country_identType_identNumber: key },
          create: person,
          update: { ...person, importedAt: new Date() },
        });
      }
    },
    { timeout: 600_000 },
  );
  return { imported: people.length };
}
