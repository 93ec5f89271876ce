/**
 * The little of sql.js that test/support/old-sqlite.ts uses. Its own types (@types/sql.js) would
 * bring emscripten's with them, for three calls.
 */
declare module 'sql.js' {
  interface QueryResults {
    columns: string[];
    values: unknown[][];
  }
  interface Database {
    exec(sql: string): QueryResults[];
    close(): void;
  }
  interface SqlJsStatic {
    Database: new (data?: Uint8Array) => Database;
  }
  export default function initSqlJs(options?: { wasmBinary?: Uint8Array }): Promise<SqlJsStatic>;
}
