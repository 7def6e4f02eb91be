/** A typed percent ("1,5" or "1.5") as basis points (150); NaN when it is not a number (the server answers 3). */
export const basisPoints = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
