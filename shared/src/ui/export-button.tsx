import { useState } from 'react';
import { apiBaseUrl } from '@lender/shared/client/base-query';
import { getToken } from '@lender/shared/client/session';
import { App, Button } from '@lender/shared/ui/antd';
import { DownloadOutlined } from '@lender/shared/ui/icons';

/** The file name the server gave (Content-Disposition), else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** The query string of an export: the list's filters, search and sort as on screen. */
export function exportQuery(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * "Export CSV" (issue 14): downloads the whole filtered list the server streams for `path` (an API
 * path with its query, e.g. /exports/loans.csv?list=active). Fetched with the session's token (a
 * plain link could not send it), then handed to the browser as a download.
 */
export function ExportButton({ path, label = 'Export CSV' }: { path: string; label?: string }) {
  const { notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const token = getToken();
      const response = await fetch(`${apiBaseUrl()}${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(`The export failed (HTTP ${response.status})`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response, 'export.csv');
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notification.error({
        title: error instanceof Error ? error.message : 'The export failed',
        placement: 'topRight',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={() => void download()}>
      {label}
    </Button>
  );
}
