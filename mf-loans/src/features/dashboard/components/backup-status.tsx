import { BACKUP_WARNING_HOURS } from '@lender/shared/domain/backup-age';
import { formatDateTime } from '@lender/shared/domain/date-time';
import { Typography } from '@lender/shared/ui/antd-core';
import { Alert, Card, Statistic } from '@lender/shared/ui/antd-status';
import { useGetBackupStatusQuery } from '../api/dashboard-api';

const megabytes = (bytes: number) =>
  `${(bytes / 1e6).toLocaleString('en-KE', { maximumFractionDigits: 1 })} MB`;

/**
 * Backups (issue 32, admins): the embedded database's last successful backup, and a warning when
 * there has been none for BACKUP_WARNING_HOURS. With DATABASE_URL the PostgreSQL server keeps the
 * backups, and the card says so. Its own chunk (dashboard-page.tsx), so officers never load it.
 */
export default function BackupStatusCard() {
  const { data } = useGetBackupStatusQuery();
  if (!data) return null;
  if (data.database === 'postgres') {
    return (
      <Alert
        type="info"
        showIcon
        title="Backups"
        description="The database is on a PostgreSQL server: back it up there (pg_dump, pg_basebackup or the managed service's backups), with the uploaded files. See docs/deploy.md."
      />
    );
  }
  const last = data.last_success;
  return (
    <Card size="small" title="Backups" style={{ flex: '1 1 220px', minWidth: 200 }}>
      {last ? (
        <>
          <Statistic title="Last backup" value={formatDateTime(last.finished_at)} />
          <Typography.Text type="secondary">
            {megabytes(last.size_bytes)}, {last.kind === 'nightly' ? 'nightly' : 'taken by hand'}
          </Typography.Text>
        </>
      ) : null}
      {data.overdue ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginTop: last ? 12 : 0 }}
          title={
            last ? `No backup for more than ${BACKUP_WARNING_HOURS} hours` : 'No backup has been taken yet'
          }
          description="Run npm run backup on the server, and check its log for the nightly backup's error."
        />
      ) : null}
    </Card>
  );
}
