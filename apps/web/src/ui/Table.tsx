/**
 * A responsive table (spec §9 Layout, breakpoint 639 px): columns side by side on wide screens;
 * below 640 px each row stacks into a block, the header stays for assistive technology only, and
 * a cell's `data-label` is shown before its value. The rows (one or more `<tbody>`) are the
 * caller's; its `className` styles them on top of these defaults.
 */
import type { ReactNode } from 'react';
import styles from './Table.module.css';

export interface TableColumn {
  label: string;
  className?: string;
}

export interface TableProps {
  columns: readonly TableColumn[];
  className?: string;
  /** The table's `<tbody>` elements. */
  children: ReactNode;
}

export function Table({ columns, className, children }: TableProps) {
  return (
    <table className={[styles.table, className].filter(Boolean).join(' ')}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.className}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
}
