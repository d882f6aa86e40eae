// What the Create Access Code dialog starts with: the defaults, or a delivery code for an order.
import type { CreateAccessCodeValues, PermissionType } from './schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A delivery code stays valid two days past the expected delivery, for a courier running late. */
export const DELIVERY_GRACE_DAYS = 2;
/** Without an expected delivery date, a delivery code lasts a week from the order. */
export const DELIVERY_FALLBACK_DAYS = 7;

export interface DeviceChoice {
  id: string;
  name: string;
  device_type: string;
  /** The home's time zone, in which a schedule is read ('UTC' until the owner sets it). */
  time_zone?: string;
}

export interface OrderFacts {
  id: string;
  order_number?: number | null;
  created_at: string;
  expected_delivery_at?: string | null;
}

export const EMPTY_VALUES: CreateAccessCodeValues = {
  deviceId: '',
  permissionType: 'guest',
  grantedToName: '',
  grantedToEmail: '',
  expiresAt: '',
  maxUsage: '',
  // A schedule starts off; switched on, it offers office hours on weekdays.
  scheduled: false,
  scheduleDays: ['1', '2', '3', '4', '5'],
  allDay: false,
  scheduleStart: '09:00',
  scheduleEnd: '17:00',
};

/** A Date as <input type="datetime-local"> shows it: 'YYYY-MM-DDTHH:mm' in local time. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The door a courier uses: the first indoor unit, else the first device (devices in the order listed). */
export function deliveryDevice(devices: readonly DeviceChoice[]): DeviceChoice | null {
  return devices.find((device) => device.device_type === 'indoor_unit') ?? devices[0] ?? null;
}

/** When an order's delivery code stops working: two days after the expected delivery, else a week after ordering. */
export function deliveryExpiry(order: OrderFacts): Date {
  if (order.expected_delivery_at) return new Date(Date.parse(order.expected_delivery_at) + DELIVERY_GRACE_DAYS * DAY_MS);
  return new Date(Date.parse(order.created_at) + DELIVERY_FALLBACK_DAYS * DAY_MS);
}

/** 'Order #100042', or the short id while the number has not arrived. */
export function orderLabel(order: Pick<OrderFacts, 'id' | 'order_number'>): string {
  return `order #${order.order_number ?? order.id.slice(0, 8)}`;
}

/**
 * The dialog's starting values. `type` alone preselects a permission type; with an order it is a
 * delivery code for that order: one use, until two days after the expected delivery, granted to
 * 'Delivery of order #…', on the first indoor unit.
 */
export function initialValues(devices: readonly DeviceChoice[], type?: PermissionType, order?: OrderFacts | null): CreateAccessCodeValues {
  const values: CreateAccessCodeValues = { ...EMPTY_VALUES, deviceId: devices.length === 1 ? devices[0]!.id : '', permissionType: type ?? 'guest' };
  if (!order) return values;
  return {
    ...values,
    permissionType: 'delivery',
    deviceId: deliveryDevice(devices)?.id ?? '',
    grantedToName: `Delivery of ${orderLabel(order)}`,
    expiresAt: toLocalInput(deliveryExpiry(order)),
    maxUsage: 1,
  };
}
