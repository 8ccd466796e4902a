/** The academic year (June to May) a date falls in, named by the year it starts. */
export function academicYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 6 ? year : year - 1;
}
