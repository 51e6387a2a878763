/** ROAS as the campaigns page shows it ("3.15×"): one definition, so the chat quotes exactly what the table says. */
export function roasText(value: number): string {
  return `${value.toFixed(2)}×`;
}
