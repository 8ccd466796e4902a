/** Calendar helpers on day numbers (days since 1970-01-01, UTC) for the generator's hot loops. */
const MS_PER_DAY = 86_400_000;

export function dayOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY);
}

export function dateOf(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The academic year (June to May) a date falls in, named by the year it starts. */
export function academicYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 6 ? year : year - 1;
}

/** Caches yyyy-MM-dd texts of a range of day numbers: a million receipts share a few thousand dates. */
export class DateTexts {
  private readonly cache = new Map<number, string>();

  get(day: number): string {
    let text = this.cache.get(day);
    if (text === undefined) {
      text = dateOf(day);
      this.cache.set(day, text);
    }
    return text;
  }
}
