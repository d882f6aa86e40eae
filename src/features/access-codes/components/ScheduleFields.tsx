import { useId, useState } from 'react';
import { Checkbox, Chip, Fieldset, Group, Input, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { DeviceChoice } from '../prefill.ts';
import { browserTimeZone, zoneText } from '@/lib/time-zone.ts';
import { WEEKDAYS } from '../schedule.ts';
import type { CreateAccessCodeValues } from '../schemas.ts';

interface ScheduleFieldsProps {
  form: UseFormReturnType<CreateAccessCodeValues>;
  devices: readonly DeviceChoice[];
}

/**
 * The guest schedule of a new code: off by default; switched on, the days (weekdays first) and
 * either all day or a window. Times are the door's, so the home's zone is named when it is not the
 * phone's (an owner away from home still sets the cleaner's hours at home).
 */
export function ScheduleFields({ form, devices }: ScheduleFieldsProps) {
  const daysLabelId = useId();
  const [scheduled, setScheduled] = useState(form.getValues().scheduled);
  const [allDay, setAllDay] = useState(form.getValues().allDay);
  const [deviceId, setDeviceId] = useState(form.getValues().deviceId);
  form.watch('scheduled', ({ value }) => setScheduled(value));
  form.watch('allDay', ({ value }) => setAllDay(value));
  form.watch('deviceId', ({ value }) => setDeviceId(value));

  const zone = devices.find((device) => device.id === deviceId)?.time_zone;
  const zoneNote = zone && zone !== browserTimeZone() ? `Days and times are the door's: ${zoneText(zone)}.` : 'Days and times are the door\'s local time.';
  const daysError = form.errors.scheduleDays;

  return (
    <>
      <Switch
        label="Only on certain days and hours"
        description="For a cleaner or a dog walker: the code opens the door only then."
        key={form.key('scheduled')}
        {...form.getInputProps('scheduled', { type: 'checkbox' })}
      />
      {scheduled && (
        <Fieldset legend="Schedule" variant="filled" data-testid="schedule-fields">
          <Text size="xs" c="dimmed" mb="xs" data-testid="schedule-zone">
            {zoneNote}
          </Text>
          <Input.Wrapper id={daysLabelId} label="Days" labelElement="div" error={daysError} required>
            <Chip.Group multiple key={form.key('scheduleDays')} {...form.getInputProps('scheduleDays')}>
              <Group gap={6} mt={4} role="group" aria-labelledby={`${daysLabelId}-label`}>
                {WEEKDAYS.map(({ day, short }) => (
                  <Chip key={day} value={String(day)} size="sm" variant="outline">
                    {short}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
          <Checkbox mt="sm" label="All day" key={form.key('allDay')} {...form.getInputProps('allDay', { type: 'checkbox' })} />
          {!allDay && (
            <SimpleGrid cols={2} mt="sm">
              <TextInput type="time" label="From" required key={form.key('scheduleStart')} {...form.getInputProps('scheduleStart')} />
              <TextInput type="time" label="Until" required key={form.key('scheduleEnd')} {...form.getInputProps('scheduleEnd')} />
            </SimpleGrid>
          )}
        </Fieldset>
      )}
    </>
  );
}
