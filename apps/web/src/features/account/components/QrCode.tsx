import { Box, Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

interface QrCodeProps {
  value: string;
  /** Describes the code for screen readers. */
  label: string;
  size?: number;
}

type Drawing = { value: string; width: number; path: string } | { value: string; error: true };

// Light squares around the code: scanners need them to find its edges.
const quietZone = 2;

/** Draws the modules of a QR code as one SVG path (one element, crisp at any size). */
async function drawQrCode(value: string): Promise<{ width: number; path: string }> {
  // Loaded on demand: only the two-factor set-up needs it, and the signed-in shell has a size budget.
  const qrcode = await import('qrcode');
  const create = qrcode.create ?? (qrcode as unknown as { default: typeof qrcode }).default.create;
  const { modules } = create(value, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) path += `M${column + quietZone} ${row + quietZone}h1v1h-1z`;
    }
  }
  return { width: modules.size + quietZone * 2, path };
}

export function QrCode({ value, label, size = 192 }: QrCodeProps) {
  const [drawing, setDrawing] = useState<Drawing | null>(null);

  useEffect(() => {
    let isCurrent = true;
    drawQrCode(value).then(
      (result) => {
        if (isCurrent) setDrawing({ value, ...result });
      },
      () => {
        if (isCurrent) setDrawing({ value, error: true });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [value]);

  if (!drawing || drawing.value !== value) {
    return <Skeleton width={size} height={size} radius="md" aria-label="Drawing the QR code" />;
  }
  if ('error' in drawing) {
    return (
      <Text size="sm" c="red" role="alert" maw={size}>
        The QR code could not be drawn. Enter the key below in your app instead.
      </Text>
    );
  }
  return (
    // Always dark on white, also in the dark colour scheme: that is what scanners read best.
    <Box bg="white" p={4} style={{ borderRadius: 8, lineHeight: 0 }} w={size + 8}>
      <svg
        role="img"
        aria-label={label}
        width={size}
        height={size}
        viewBox={`0 0 ${drawing.width} ${drawing.width}`}
        shapeRendering="crispEdges"
      >
        <rect width={drawing.width} height={drawing.width} fill="#fff" />
        <path d={drawing.path} fill="#000" />
      </svg>
    </Box>
  );
}
