import { Tag, theme } from '@lender/shared/ui/antd';
import {
  DEVICE_STATUS_COLOURS,
  DEVICE_STATUS_LABELS,
  LOAN_STATUS_COLOURS,
  LOAN_STATUS_LABELS,
  normaliseDeviceStatus,
  type LoanStatus,
} from '../domain/statuses';
import { texts } from '../texts';
import { AA_TEXT, contrastRatio } from './contrast';

const isLoanStatus = (value: string): value is LoanStatus => value in LOAN_STATUS_LABELS;

type Palette = Record<string, unknown>;

/**
 * The text colour of a `hue` tag: antd's shade 7 reads 2.7–3.4:1 on the shade-1 background for
 * gold, green and orange, under WCAG AA's 4.5:1. The first of shades 7–10 that reaches it keeps the
 * hue; the palettes run towards the text colour in either theme (darker in light, lighter in dark).
 */
export function readableTagText(palette: Palette, hue: string): string | undefined {
  const background = palette[`${hue}1`];
  if (typeof background !== 'string') return undefined;
  for (const shade of [7, 8, 9, 10]) {
    const text = palette[`${hue}${shade}`];
    if (typeof text === 'string' && (contrastRatio(text, background) ?? 0) >= AA_TEXT) return text;
  }
  return undefined;
}

function StatusTag({ hue, children }: { hue: string; children: string }) {
  const { token } = theme.useToken();
  const color = readableTagText(token as unknown as Palette, hue);
  return (
    <Tag color={hue} style={color ? { color } : undefined}>
      {children}
    </Tag>
  );
}

/** A loan status as the badge of the specification §4 shows it ("partially paid" in yellow, …). */
export function LoanStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status || !isLoanStatus(status)) return <Tag>{status || texts.common.unknown}</Tag>;
  const hue = LOAN_STATUS_COLOURS[status];
  const label = LOAN_STATUS_LABELS[status];
  return hue === 'default' ? <Tag>{label}</Tag> : <StatusTag hue={hue}>{label}</StatusTag>;
}

/** A device status; anything outside the known values reads 'Unknown' (specification §4). */
export function DeviceStatusBadge({ status }: { status: string | null | undefined }) {
  const device = normaliseDeviceStatus(status);
  if (!device) return <Tag>{texts.common.unknown}</Tag>;
  return <StatusTag hue={DEVICE_STATUS_COLOURS[device]}>{DEVICE_STATUS_LABELS[device]}</StatusTag>;
}
