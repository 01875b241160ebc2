import Table from 'react-bootstrap/Table';
import type { MrrReport } from '../../../shared/api/projects';
import { formatMonth } from '../../../shared/format/dates';
import { useMrr } from '../../api/get-mrr';
import { useSyncTransactions } from '../../api/sync-transactions';
import { LoadingMessage } from '../../components/loading-message';
import { MrrNotConnected, MrrUnavailable } from './effective-mrr-report';
import { formatMoney } from './format-money';
import { SyncPaymentsButton, SyncPaymentsResult } from './sync-payments';

type Opportunities = MrrReport['opportunities'];
type CustomerSpend = Opportunities['churnRisk'][number];

const KIND_LABELS: Readonly<Record<CustomerSpend['kind'], string>> = {
  stopped: 'Stopped paying',
  fell: 'Spending less',
  grew: 'Spending more',
  new: 'New this month',
};

function CustomerTable({
  caption,
  customers,
  currency,
  since,
}: {
  caption: string;
  customers: readonly CustomerSpend[];
  currency: string | null;
  since: string;
}) {
  const money = (x100: number) => formatMoney(x100, currency);
  // A region of its own, reachable by keyboard, as the table may scroll sideways on a phone.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable).
    <section className="table-responsive mb-3" tabIndex={0} aria-label={caption}>
      <Table size="sm" className="align-middle mb-0">
        <caption className="caption-top fw-semibold text-body">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">What changed</th>
            <th scope="col" className="text-end">
              {since}
            </th>
            <th scope="col" className="text-end">
              Now
            </th>
            <th scope="col" className="text-end">
              Change a month
            </th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.customerId}>
              <th scope="row" className="fw-normal text-break">
                <code>{customer.customerId}</code>
              </th>
              <td>{KIND_LABELS[customer.kind]}</td>
              <td className="text-end">{money(customer.beforeX100)}</td>
              <td className="text-end">{money(customer.nowX100)}</td>
              <td
                className={`text-end fw-semibold ${customer.changeX100 < 0 ? 'text-danger' : 'text-success'}`}
              >
                {customer.changeX100 > 0 ? '+' : '−'}
                {money(Math.abs(customer.changeX100))}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

/**
 * 'Surface org-wide sales opportunities' (issue 50): from the ingested subscriptions, the customers
 * whose monthly spend fell or stopped since the end of last month (churn risk: talk to them first) and
 * those whose spend grew or began (expansion), biggest first, with the amounts; a sync to refresh them.
 */
export function SalesOpportunitiesReport({ projectId }: { projectId: string }) {
  const mrr = useMrr(projectId);
  const sync = useSyncTransactions(projectId);
  if (mrr.isPending) return <LoadingMessage message="Finding sales opportunities..." />;
  if (mrr.isError) return <MrrUnavailable projectId={projectId} error={mrr.error} />;
  if (!mrr.data.connected) return <MrrNotConnected projectId={projectId} message={mrr.data.message} />;
  const { opportunities } = mrr.data;
  const since = opportunities.sinceMonth
    ? `End of ${formatMonth(opportunities.sinceMonth, { locale: 'en-US', timeZone: 'UTC' })}`
    : 'Last month';
  const money = (x100: number) => formatMoney(x100, opportunities.currency);
  const none = opportunities.churnRisk.length === 0 && opportunities.expansion.length === 0;
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <dl className="d-flex flex-wrap gap-4 mb-0">
          <div>
            <dt className="small text-body-secondary fw-normal">Monthly spend at risk</dt>
            <dd className="fs-4 fw-bold mb-0" data-testid="spend-lost">
              {money(opportunities.lostX100)}
            </dd>
          </div>
          <div>
            <dt className="small text-body-secondary fw-normal">Monthly spend gained</dt>
            <dd className="fs-4 fw-bold mb-0" data-testid="spend-gained">
              {money(opportunities.gainedX100)}
            </dd>
          </div>
        </dl>
        <SyncPaymentsButton sync={sync} />
      </div>
      <SyncPaymentsResult sync={sync} />
      {none ? (
        <p className="small text-body-secondary mb-0">
          No customer's monthly spend changed since last month. Sync payments from Stripe to ingest the
          latest.
        </p>
      ) : null}
      {opportunities.churnRisk.length > 0 ? (
        <CustomerTable
          caption="Churn risk: talk to these customers first"
          customers={opportunities.churnRisk}
          currency={opportunities.currency}
          since={since}
        />
      ) : null}
      {opportunities.expansion.length > 0 ? (
        <CustomerTable
          caption="Expansion: customers spending more"
          customers={opportunities.expansion}
          currency={opportunities.currency}
          since={since}
        />
      ) : null}
    </>
  );
}
