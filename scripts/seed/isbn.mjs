// ISBN-13 check digit: weights 1,3,1,3… over the first 12 digits.
export function isbn13CheckDigit(first12) {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

export function isValidIsbn13(isbn) {
  return /^97[89]\d{10}$/.test(isbn) && isbn13CheckDigit(isbn.slice(0, 12)) === isbn[12];
}

/** A Taiwan-registered ISBN (prefix 978-626 or 978-957/986) built from a serial. */
export function taiwanIsbn(prefix, serial) {
  const first12 = `${prefix}${String(serial).padStart(12 - prefix.length, "0")}`;
  return first12 + isbn13CheckDigit(first12);
}
