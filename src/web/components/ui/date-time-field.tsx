// A date and time (an event's start, a post's date): React Aria's date picker, typed segment by segment or
// picked from a calendar, always in the association's time zone whatever the browser's, sent as an ISO
// timestamp under `name`.
import { parseAbsolute, toZoned, type ZonedDateTime } from "@internationalized/date";
import { useRef, useState } from "react";
import { useScripted } from "#web/lib/scripted.ts";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  Text,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { INTL_LOCALE } from "#shared/i18n/format.ts";
import { ui } from "./classes.ts";
import { Chevron } from "./select.tsx";

interface Props {
  name: string;
  label: string;
  /** The stored ISO timestamp, or "" when none. */
  defaultValue: string;
  timeZone: string;
  errors?: ReadonlyArray<string> | null;
  /** Called with the new ISO timestamp (null when cleared or incomplete) as the person changes it. */
  onChange?: (iso: string | null) => void;
}

function zoned(iso: string, timeZone: string): ZonedDateTime | null {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  return parseAbsolute(new Date(iso).toISOString(), timeZone);
}

const navButton = "rounded px-2 py-1 text-stone-800 outline-none hover:bg-stone-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-700";


/**
 * The field as the server sends it, until the page's scripts run: the date and time as text, and the value the form
 * sends. React Aria's picker brings a hidden input of its own (for autofill) whose `form=""` is not valid HTML, so it
 * is drawn in the browser only.
 */
function ServedDateTime({ name, label, value, timeZone, errors, locale }: Omit<Props, "defaultValue" | "onChange"> & { value: ZonedDateTime | null; locale: string }) {
  const { t } = useTranslation("ui");
  const shown = value ? new Intl.DateTimeFormat(locale, { timeZone, dateStyle: "short", timeStyle: "short" }).format(value.toDate()) : "";
  return (
    <div className="min-w-0">
      <label className={ui.label}>
        {label}
        <input type="text" readOnly value={shown} placeholder={t("dateTime.placeholder")} className={`${ui.input} font-normal tabular-nums`} />
      </label>
      <span className="mt-1 block text-xs text-stone-600">{t("dateTime.timeZone", { zone: timeZone.replaceAll("_", " ") })}</span>
      {!!errors?.length && <span className="mt-1 block text-sm font-medium text-red-800">{errors.join(" ")}</span>}
      <input name={name} value={value ? value.toDate().toISOString() : ""} readOnly tabIndex={-1} aria-hidden="true" className="sr-only" />
    </div>
  );
}

export function DateTimeField({ name, label, defaultValue, timeZone, errors, onChange }: Props) {
  const { t, i18n } = useTranslation("ui");
  // React Aria's own texts and the segments' order follow the page's language.
  const locale = i18n.language === "fr" ? INTL_LOCALE.fr : INTL_LOCALE.en;
  const [value, setValue] = useState(() => zoned(defaultValue, timeZone));
  const group = useRef<HTMLDivElement>(null);
  const invalid = !!errors?.length;
  const inBrowser = useScripted();
  if (!inBrowser) return <ServedDateTime name={name} label={label} value={value} timeZone={timeZone} errors={errors} locale={locale} />;
  return (
    <I18nProvider locale={locale}>
      <DatePicker value={value} onChange={(picked) => {
          const next = picked && toZoned(picked, timeZone);
          setValue(next);
          onChange?.(next ? next.toDate().toISOString() : null);
        }} granularity="minute" hideTimeZone isInvalid={invalid} className="min-w-0">
        <Label className={ui.label}>{label}</Label>
        <Group ref={group} className={`${ui.input} flex items-center justify-between gap-2 data-[invalid]:border-red-700 data-[invalid]:ring-1 data-[invalid]:ring-red-700`}>
          <DateInput className="flex flex-wrap tabular-nums">
            {(segment) => (
              <DateSegment
                segment={segment}
                className="rounded px-0.5 outline-none focus:bg-brand-700 focus:text-white data-[placeholder]:text-stone-600 data-[type=literal]:px-0"
              />
            )}
          </DateInput>
          <Button className="px-1 text-stone-700">
            <Chevron />
          </Button>
        </Group>
        <Text slot="description" className="mt-1 block text-xs text-stone-600">
          {t("dateTime.timeZone", { zone: timeZone.replaceAll("_", " ") })}
        </Text>
        {invalid && (
          <Text slot="errorMessage" className="mt-1 block text-sm font-medium text-red-800">
            {errors.join(" ")}
          </Text>
        )}
        <Popover className="z-50 rounded-md border border-stone-300 bg-white p-3 shadow-lg">
          <Dialog className="outline-none">
            <Calendar>
              <header className="flex items-center justify-between gap-2">
                <Button slot="previous" className={navButton}>
                  <span aria-hidden="true">◀</span>
                </Button>
                <Heading className="font-semibold text-stone-900" />
                <Button slot="next" className={navButton}>
                  <span aria-hidden="true">▶</span>
                </Button>
              </header>
              <CalendarGrid className="mt-2 text-sm">
                {(date) => (
                  <CalendarCell
                    date={date}
                    className="flex size-9 items-center justify-center rounded outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-700 data-[hovered]:bg-stone-100 data-[outside-month]:hidden data-[selected]:bg-brand-700 data-[selected]:text-white"
                  />
                )}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
      {/* What the form sends; a refused form focuses it, and it hands the focus to the first segment. */}
      <input
        name={name}
        value={value ? value.toDate().toISOString() : ""}
        readOnly
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        onFocus={() => group.current?.querySelector<HTMLElement>("[role=spinbutton]")?.focus()}
      />
    </I18nProvider>
  );
}
