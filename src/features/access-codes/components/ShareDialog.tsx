import { useEffect, useState } from 'react';
import { Button, Center, Code, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShare } from '@tabler/icons-react';
import type { AccessPermission } from '@/db/collections/index.ts';
import { shareText } from '../format.ts';
import { copyFailedToast, sharedTextCopiedToast } from '../messages.ts';
import { qrDataUrl } from '../qr.ts';

interface ShareDialogProps {
  /** The code to share; null closes the dialog. */
  permission: AccessPermission | null;
  deviceName: string;
  /** The home's time zone, in which a schedule is read. */
  timeZone?: string;
  onClose: () => void;
}

/** A QR code and a short text with the code, the door and its validity, to hand to the holder. */
export function ShareDialog({ permission, deviceName, timeZone, onClose }: ShareDialogProps) {
  return (
    <Modal opened={permission !== null} onClose={onClose} title="Share Access Code" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {permission && <ShareBody text={shareText(permission, deviceName, timeZone)} code={permission.access_code} />}
    </Modal>
  );
}

function ShareBody({ text, code }: { text: string; code: string }) {
  const [qr, setQr] = useState<{ text: string; url: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    qrDataUrl(text).then(
      (url) => live && setQr({ text, url }),
      () => live && setQr({ text, url: null }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  const current = qr?.text === text ? qr : null;

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `Access code ${code}`, text });
      } catch {
        // Cancelled by the user, or the share sheet failed: nothing was sent, nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      notifications.show(sharedTextCopiedToast);
    } catch {
      notifications.show(copyFailedToast);
    }
  };

  return (
    <Stack gap="md">
      <Center mih={220}>
        {!current && <Loader size="sm" role="progressbar" aria-label="Making the QR code" />}
        {current?.url && <Image src={current.url} w={220} h={220} alt={`QR code of access code ${code}`} data-testid="share-qr" />}
        {current && !current.url && <Text size="sm" c="red">The QR code could not be made; share the text below.</Text>}
      </Center>
      <Code block data-testid="share-text" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Code>
      <Group justify="flex-end">
        <Button leftSection={<IconShare size={16} aria-hidden />} onClick={() => void share()}>
          Share code
        </Button>
      </Group>
    </Stack>
  );
}
