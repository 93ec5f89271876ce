/**
 * A searchable picker (spec §2 Address add and edit, §2 Settings): a keyboard-usable combobox
 * whose list filters by case-insensitive substring on the option name and is at most 180 px high,
 * with an optional image (a flag) per option.
 */
import { useId, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import fieldStyles from './Field.module.css';
import { Icon } from './Icon';
import styles from './Picker.module.css';

export interface PickerOption {
  id: string;
  name: string;
  /** An image shown before the name, e.g. a flag. */
  image?: string;
  /** A short note after the name, e.g. a calling code. */
  detail?: string;
}

export interface PickerProps {
  label: string;
  options: readonly PickerOption[];
  value: string;
  onChange(id: string): void;
  isDisabled?: boolean;
  isRequired?: boolean;
  error?: string | null;
  /** Said when the typed text matches nothing. */
  emptyText: string;
  /** The accessible name of the button that opens the list. */
  openLabel: string;
  /** Keeps the label for assistive technology only, when a surrounding legend already names the field. */
  hideLabel?: boolean;
}

/** §5 Other: picker filters are case-insensitive substring matches on the name. */
export const matchesName = (name: string, typed: string) => name.toLowerCase().includes(typed.trim().toLowerCase());

export function Picker({
  label,
  options,
  value,
  onChange,
  isDisabled,
  isRequired,
  error,
  emptyText,
  openLabel,
  hideLabel,
}: PickerProps) {
  const errorId = useId();
  /** What the shopper typed since the list last showed the value; null shows the chosen option's name. */
  const [query, setQuery] = useState<string | null>(null);
  const selected = options.find((option) => option.id === value);
  return (
    <ComboBox
      className={styles.picker}
      defaultItems={options}
      value={selected ? selected.id : null}
      inputValue={query ?? selected?.name ?? ''}
      onInputChange={setQuery}
      onChange={(key) => {
        setQuery(null);
        if (key !== null) onChange(String(key));
      }}
      defaultFilter={matchesName}
      menuTrigger="focus"
      isDisabled={isDisabled}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      allowsEmptyCollection
    >
      <Label className={hideLabel ? 'visually-hidden' : fieldStyles.label}>{label}</Label>
      <div className={fieldStyles.body}>
        <div className={styles.control}>
          {selected?.image && <img className={styles.icon} src={selected.image} alt="" />}
          {/*
           * The first character typed over the shown value starts a new query instead of being
           * appended to the value ('Englishned' matched nothing).
           */}
          <Input
            className={`${styles.input} ${selected?.image ? styles.withIcon : ''}`}
            aria-describedby={error ? errorId : undefined}
            onBeforeInput={(event) => {
              if (query !== null || !event.data) return;
              event.preventDefault();
              setQuery(event.data);
            }}
          />
          <Button className={styles.toggle} aria-label={openLabel}>
            <Icon name="chevronDown" />
          </Button>
        </div>
        {error && (
          <Text slot="errorMessage" id={errorId} className={fieldStyles.error}>
            {error}
          </Text>
        )}
      </div>
      <Popover className={styles.popover} offset={4}>
        <ListBox<PickerOption>
          className={styles.list}
          renderEmptyState={() => <div className={styles.empty}>{emptyText}</div>}
        >
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.name} className={styles.item}>
              {option.image && <img src={option.image} alt="" />}
              <span>{option.name}</span>
              {option.detail && <span className={styles.detail}>{option.detail}</span>}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
