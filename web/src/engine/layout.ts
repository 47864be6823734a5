// Named access to a record layout that the module defines (RecordLayout): offsets are looked up by
// field name, never written in TypeScript. A field the front end needs but the module lacks is a
// contract error between core and page, reported with the field's name.
import type { RecordField, RecordLayout } from './lgvci_wasm';

export class Layout {
  readonly size: number;
  readonly fields: readonly RecordField[];
  readonly csvColumns: readonly string[];
  private readonly byName = new Map<string, RecordField>();

  constructor(raw: RecordLayout) {
    this.size = raw.size;
    this.fields = raw.fields.map((f) => ({ ...f, columns: [...f.columns] }));
    this.csvColumns = [...raw.csvColumns];
    for (const f of this.fields) this.byName.set(f.name, f);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  field(name: string): RecordField {
    const f = this.byName.get(name);
    if (!f) throw new Error(`record layout: no field "${name}" (fields: ${this.fields.map((x) => x.name).join(', ')})`);
    return f;
  }

  /** Offset of a field, which must have `size` values if given. */
  offset(name: string, size?: number): number {
    const f = this.field(name);
    if (size !== undefined && f.size !== size) {
      throw new Error(`record layout: field "${name}" has ${f.size} values, expected ${size}`);
    }
    return f.offset;
  }

  /** The CSV fields in column order ([offset, size] runs), and the CSV index of each named field. */
  csvRuns(): { offset: number; size: number }[] {
    return this.fields.filter((f) => f.columns.length > 0).map((f) => ({ offset: f.offset, size: f.size }));
  }

  /** Index of a field's first value in a CSV row. */
  csvIndex(name: string): number {
    let i = 0;
    for (const f of this.fields) {
      if (f.columns.length === 0) continue;
      if (f.name === name) return i;
      i += f.columns.length;
    }
    throw new Error(`record layout: field "${name}" is not a CSV column`);
  }

  /** Structural identity, for caching per-layout objects. */
  key(): string {
    return this.fields.map((f) => `${f.name}:${f.offset}:${f.size}:${f.columns.length}`).join('|');
  }
}
