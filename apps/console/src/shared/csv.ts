/** Quotes a CSV field when it holds a separator, quote or line break (and defuses formula injection). */
function field(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (/^[=+\-@]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Downloads rows as a CSV file (what is loaded on screen). */
export function downloadCsv(filename: string, columns: string[], rows: Array<Record<string, unknown>>): void {
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((column) => field(row[column])).join(',')),
  ];
  const blob = new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}
