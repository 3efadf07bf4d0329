const dniLetters = "TRWAGMYFPDXBNJZSQVHLCKE";

/** Spanish DNI and NIE carry a check letter; other types only follow the generic shape. */
export function isValidIdentNumber(type: string, value: string): boolean {
  const v = value.toUpperCase();
  if (type === "DNI") {
    const match = /^(\d{8})([A-Z])$/.exec(v);
    return !!match && dniLetters[Number(match[1]) % 23] === match[2];
  }
  if (type === "NIE") {
    const match = /^([XYZ])(\d{7})([A-Z])$/.exec(v);
    if (!match) return false;
    const number = Number(`${"XYZ".indexOf(match[1]!)}${match[2]}`);
    return dniLetters[number % 23] === match[3];
  }
  return /^[A-Z0-9]{5,20}$/.test(v);
}
