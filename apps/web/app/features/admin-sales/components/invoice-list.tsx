/**
 * Tax invoices and credit notes: filtered by kind, B2B or B2C and days issued
 * (India time), filters in the URL; GSTR-1 sections for the same days as CSV or Excel.
 */
import { buttonClassName } from '~/components/ui/button';
import { PageHeader } from '~/components/console/page-header';
import { gstr1Href, useInvoiceList } from '../api/invoices';
import { TaxDocumentTable } from './tax-documents';
import { FilterDate, FilterPanel, FilterSelect, useUrlFilters } from './url-filters';

const FILTERS = ['kind', 'recipient', 'from', 'to'] as const;

const SECTIONS = [
  { section: 'b2b', label: 'B2B invoices (table 4A)' },
  { section: 'b2cs', label: 'B2C summary by state and rate (table 7)' },
  { section: 'cdnr', label: 'Credit notes to registered buyers (table 9B)' },
] as const;

export function InvoiceList() {
  const filters = useUrlFilters(FILTERS);
  const { values, set } = filters;
  const list = useInvoiceList(values);

  return (
    <>
      <PageHeader
        title="Invoices"
        description="Tax invoices issued when orders are paid, and credit notes issued for refunds. They are never changed or deleted."
      />
      <FilterPanel label="Filters" active={filters.active} onClear={filters.clear}>
        <FilterSelect
          label="Kind"
          value={values.kind}
          options={[
            { value: 'invoice', label: 'Invoices' },
            { value: 'credit_note', label: 'Credit notes' },
            { value: 'debit_note', label: 'Debit notes' },
          ]}
          placeholder="Invoices and notes"
          onChange={(value) => set('kind', value)}
        />
        <FilterSelect
          label="Recipient"
          value={values.recipient}
          options={[
            { value: 'b2b', label: 'With a GSTIN (B2B)' },
            { value: 'b2c', label: 'Without a GSTIN (B2C)' },
          ]}
          placeholder="Any recipient"
          onChange={(value) => set('recipient', value)}
        />
        <FilterDate label="Issued from" value={values.from} onChange={(value) => set('from', value)} />
        <FilterDate label="Issued until" value={values.to} onChange={(value) => set('to', value)} />
      </FilterPanel>
      <section
        aria-labelledby="gstr1-heading"
        className="mb-6 rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="gstr1-heading" className="text-base font-bold text-brand-900">
          GSTR-1 export
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Documents issued between the days above (all when empty), in the GST offline tool’s columns. Check
          them with your tax adviser before filing.
        </p>
        <ul className="mt-3 grid gap-2">
          {SECTIONS.map(({ section, label }) => (
            <li key={section} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="min-w-64">{label}</span>
              <a href={gstr1Href(section, 'csv', values)} download className={buttonClassName('outline')}>
                CSV<span className="sr-only"> of {label}</span>
              </a>
              <a href={gstr1Href(section, 'xlsx', values)} download className={buttonClassName('outline')}>
                Excel<span className="sr-only"> of {label}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <TaxDocumentTable
        caption="Invoices and credit notes"
        rows={list.rows}
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
        loadingMore={list.loadingMore}
        emptyMessage={
          filters.active ? 'No document matches these filters.' : 'No invoice has been issued yet.'
        }
      />
    </>
  );
}
