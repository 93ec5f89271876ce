/**
 * Reads the tables that db/types.ts declares: the `Database` interface's `table: XTable` entries,
 * and each table interface's `column: type` members (with those of the interfaces it extends).
 *
 * A small reader of the file's regular style rather than a generator or the compiler: TypeScript 7
 * has no stable JS API, and kysely-codegen would write its own file (its own names for types, no
 * Flag, Timestamp or literal unions) that still had to be compared with this one. What it does not
 * know (a member it cannot read, an interface or generic it has never seen) it refuses, naming it,
 * so a change of the file's style fails the test that uses it instead of passing over a column.
 */

export interface DeclaredColumn {
  /** The type as written, e.g. `Generated<string | null>`. */
  type: string;
  /** The type's values include null. */
  nullable: boolean;
}

/** Table (the Database interface's key) → column → its declaration. */
export type DeclaredTables = Map<string, Map<string, DeclaredColumn>>;

interface InterfaceBlock {
  extends: string[];
  members: Map<string, string>;
}

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

/** `a | b<c | d> | e` → its members at the top level: a, b<c | d>, e. */
function unionMembers(type: string): string[] {
  const members: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    const char = type[i];
    if (char === '<' || char === '(') depth++;
    else if (char === '>' || char === ')') depth--;
    else if (char === '|' && depth === 0) {
      members.push(type.slice(start, i).trim());
      start = i + 1;
    }
  }
  members.push(type.slice(start).trim());
  return members.filter((member) => member !== '');
}

/** Kysely's wrappers whose first argument is the type a select reads. */
const SELECTED_ARGUMENT = /^(?:Generated|GeneratedAlways|ColumnType)<(.*)>$/s;

/** Reads the file's `interface` blocks and `type X = …;` aliases. */
function blocksOf(source: string) {
  const text = withoutComments(source);
  const interfaces = new Map<string, InterfaceBlock>();
  for (const match of text.matchAll(/^\s*(?:export )?interface (\w+)(?: extends ([\w\s,]+?))?\s*\{([^}]*)\}/gm)) {
    const [, name = '', parents, body = ''] = match;
    const members = new Map<string, string>();
    for (const piece of body.split(';')) {
      const member = piece.trim();
      if (member === '') continue;
      const parsed = /^(\w+):\s*([^:]+)$/.exec(member);
      if (!parsed) throw new Error(`db/types.ts: cannot read the member "${member}" of interface ${name}`);
      members.set(parsed[1] ?? '', (parsed[2] ?? '').replace(/\s+/g, ' ').trim());
    }
    interfaces.set(name, { extends: parents ? parents.split(',').map((p) => p.trim()) : [], members });
  }
  const aliases = new Map<string, string>();
  for (const [, name = '', type = ''] of text.matchAll(/^\s*(?:export )?type (\w+) = ([^;]+);/gm)) {
    aliases.set(name, type.replace(/\s+/g, ' ').trim());
  }
  return { interfaces, aliases };
}

/** Whether a type's values include null: through Kysely's wrappers and the file's own aliases. */
function isNullable(type: string, aliases: ReadonlyMap<string, string>, where: string): boolean {
  return unionMembers(type).some((member) => {
    if (member === 'null') return true;
    const wrapped = SELECTED_ARGUMENT.exec(member);
    if (wrapped) return isNullable(firstArgument(wrapped[1] ?? ''), aliases, where);
    if (member.includes('<')) throw new Error(`db/types.ts: ${where} has a type this reader does not know: ${member}`);
    const alias = aliases.get(member);
    return alias === undefined ? false : isNullable(alias, aliases, where);
  });
}

/** `A, B, C` → A, commas inside `<…>` kept. */
function firstArgument(list: string): string {
  let depth = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    if (char === '<') depth++;
    else if (char === '>') depth--;
    else if (char === ',' && depth === 0) return list.slice(0, i).trim();
  }
  return list.trim();
}

/** The tables that the source (db/types.ts) declares in its `Database` interface. */
export function declaredTables(source: string): DeclaredTables {
  const { interfaces, aliases } = blocksOf(source);
  const columnsOf = (name: string, where: string): Map<string, DeclaredColumn> => {
    const block = interfaces.get(name);
    if (!block) throw new Error(`db/types.ts: ${where} names ${name}, which is no interface of the file`);
    const columns = new Map<string, DeclaredColumn>();
    for (const parent of block.extends) {
      for (const [column, declared] of columnsOf(parent, `interface ${name}`)) columns.set(column, declared);
    }
    for (const [column, type] of block.members) {
      columns.set(column, { type, nullable: isNullable(type, aliases, `${name}.${column}`) });
    }
    return columns;
  };
  const database = interfaces.get('Database');
  if (!database) throw new Error('db/types.ts: no interface Database');
  return new Map([...database.members].map(([table, type]) => [table, columnsOf(type, `Database.${table}`)]));
}
