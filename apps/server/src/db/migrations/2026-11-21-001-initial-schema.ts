/** The schema for every entity of spec §3. */
import { sql } from 'kysely';
import { type AnyDb, emptyText, flag, lowerExpr, notNull, withId, zero } from './schema-kit.js';

const cascade = (table: string) => `${table}.id`;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('shoppers'))
    .addColumn('email', 'text', emptyText)
    .addColumn('first_name', 'text', emptyText)
    .addColumn('last_name', 'text', emptyText)
    .addColumn('telephone', 'text', emptyText)
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('birth_date', 'text')
    .addColumn('image_url', 'text')
    .addColumn('first_time_login', 'integer', flag)
    .addColumn('telephone_verify_date', 'text')
    .addColumn('default_language', 'text', notNull)
    .addColumn('default_country', 'text', notNull)
    .addColumn('default_currency', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('shoppers_email_idx').on('shoppers').expression(lowerExpr('email')).execute();

  await withId(db, db.schema.createTable('shopper_identities'))
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references(cascade('shoppers')).onDelete('cascade'))
    .addColumn('provider', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('email', 'text')
    .addColumn('email_verified', 'integer', flag)
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_used_at', 'text', notNull)
    .addUniqueConstraint('shopper_identities_provider_subject_key', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('shopper_identities_shopper_idx').on('shopper_identities').column('shopper_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references(cascade('shoppers')).onDelete('cascade'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_seen_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('sessions_shopper_idx').on('sessions').column('shopper_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_flows')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', notNull)
    .addColumn('code_verifier', 'text', notNull)
    .addColumn('nonce', 'text', notNull)
    .addColumn('return_to', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('addresses'))
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references(cascade('shoppers')).onDelete('cascade'))
    .addColumn('first_name', 'text', emptyText)
    .addColumn('last_name', 'text', emptyText)
    .addColumn('company_name', 'text', emptyText)
    .addColumn('vat_number', 'text', emptyText)
    .addColumn('address_type', 'integer', zero)
    .addColumn('email', 'text', emptyText)
    .addColumn('telephone', 'text', emptyText)
    .addColumn('country', 'text', emptyText)
    .addColumn('street', 'text', emptyText)
    .addColumn('house_number', 'text', emptyText)
    .addColumn('house_number_suffix', 'text', emptyText)
    .addColumn('zip_code', 'text', emptyText)
    .addColumn('city', 'text', emptyText)
    .addColumn('is_billing', 'integer', flag)
    .addColumn('is_shipping', 'integer', flag)
    .addColumn('extra_fields', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('addresses_shopper_idx').on('addresses').column('shopper_id').execute();
  // At most one default billing and one default delivery address per shopper, enforced by the database.
  await db.schema
    .createIndex('addresses_one_billing_idx')
    .on('addresses')
    .column('shopper_id')
    .unique()
    .where(sql.ref('is_billing'), '=', 1)
    .execute();
  await db.schema
    .createIndex('addresses_one_shipping_idx')
    .on('addresses')
    .column('shopper_id')
    .unique()
    .where(sql.ref('is_shipping'), '=', 1)
    .execute();

  await withId(db, db.schema.createTable('products'))
    .addColumn('name', 'text', notNull)
    .addColumn('category_name', 'text', emptyText)
    .addColumn('image', 'text')
    .addColumn('url', 'text')
    .addColumn('price_minor', 'integer', zero)
    .addColumn('currency', 'text', notNull)
    .addColumn('product_type', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('orders'))
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references(cascade('shoppers')).onDelete('cascade'))
    .addColumn('order_number', 'text', notNull)
    .addColumn('access_url', 'text')
    .addColumn('status', 'integer', zero)
    .addColumn('currency', 'text', notNull)
    .addColumn('service_fee_minor', 'integer', zero)
    .addColumn('shipping_cost_minor', 'integer', zero)
    .addColumn('transaction_cost_minor', 'integer', zero)
    .addColumn('discount_minor', 'integer', zero)
    .addColumn('sub_total_minor', 'integer', zero)
    .addColumn('total_minor', 'integer', zero)
    .addColumn('shipping_address', 'text')
    .addColumn('billing_address', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('orders_order_number_key').on('orders').column('order_number').unique().execute();
  // The order list is always one shopper's orders, newest first.
  await db.schema
    .createIndex('orders_shopper_created_idx')
    .on('orders')
    .columns(['shopper_id', 'created_at desc', 'id desc'])
    .execute();

  await withId(db, db.schema.createTable('order_products'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references(cascade('orders')).onDelete('cascade'))
    .addColumn('position', 'integer', zero)
    .addColumn('product_id', 'integer', notNull)
    .addColumn('category_name', 'text', emptyText)
    .addColumn('image', 'text')
    .addColumn('name', 'text', notNull)
    .addColumn('url', 'text')
    .addColumn('product_type', 'integer', zero)
    .addColumn('price_minor', 'integer', zero)
    .addColumn('status', 'integer', zero)
    .execute();
  await db.schema
    .createIndex('order_products_order_idx')
    .on('order_products')
    .columns(['order_id', 'position'])
    .execute();

  await withId(db, db.schema.createTable('order_transactions'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references(cascade('orders')).onDelete('cascade'))
    .addColumn('method', 'text', notNull)
    .addColumn('method_name', 'text', notNull)
    .addColumn('status', 'integer', zero)
    .addColumn('paid_minor', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('order_transactions_order_idx').on('order_transactions').column('order_id').execute();

  await withId(db, db.schema.createTable('invoices'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references(cascade('orders')).onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('date', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('voucher_campaigns'))
    .addColumn('name', 'text', notNull)
    .addColumn('claim_code', 'text', (c) => c.unique())
    .addColumn('discount_percentage', 'integer', zero)
    .addColumn('discount_amount_minor', 'integer', zero)
    .addColumn('currency', 'text', notNull)
    .addColumn('limited', 'integer', flag)
    .addColumn('expire_date', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('vouchers'))
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references(cascade('voucher_campaigns')).onDelete('cascade'),
    )
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references(cascade('shoppers')).onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.unique())
    .addColumn('used', 'integer', zero)
    .addColumn('redeem_date', 'text')
    .addColumn('claim_date', 'text')
    .addColumn('expire_date', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('vouchers_shopper_idx').on('vouchers').column('shopper_id').execute();

  await withId(db, db.schema.createTable('voucher_codes'))
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references(cascade('voucher_campaigns')).onDelete('cascade'),
    )
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('voucher_id', 'integer', (c) => c.unique().references(cascade('vouchers')).onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('voucher_codes_free_idx')
    .on('voucher_codes')
    .columns(['campaign_id', 'voucher_id'])
    .execute();

  await withId(db, db.schema.createTable('achievements'))
    .addColumn('name', 'text', notNull)
    .addColumn('detail', 'text')
    .addColumn('description', 'text', emptyText)
    .addColumn('reward', 'text')
    .addColumn('icon', 'text')
    .addColumn('scale_type', 'integer', zero)
    .addColumn('total_progress', 'integer', zero)
    .addColumn('currency', 'text')
    .addColumn('view_order', 'integer', zero)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('shopper_achievements')
    .addColumn('shopper_id', 'integer', (c) => c.notNull().references(cascade('shoppers')).onDelete('cascade'))
    .addColumn('achievement_id', 'integer', (c) => c.notNull().references(cascade('achievements')).onDelete('cascade'))
    .addColumn('progress', 'integer', zero)
    .addColumn('claim_date', 'text')
    .addPrimaryKeyConstraint('shopper_achievements_pkey', ['shopper_id', 'achievement_id'])
    .execute();

  for (const [table, time] of [
    ['wishlist_items', 'added_at'],
    ['recently_viewed', 'viewed_at'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('shopper_id', 'integer', (c) => c.notNull().references(cascade('shoppers')).onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references(cascade('products')).onDelete('cascade'))
      .addColumn(time, 'text', notNull)
      .addPrimaryKeyConstraint(`${table}_pkey`, ['shopper_id', 'product_id'])
      .execute();
  }

  await withId(db, db.schema.createTable('interests'))
    .addColumn('name', 'text', notNull)
    .addColumn('view_order', 'integer', zero)
    .execute();
  await withId(db, db.schema.createTable('newsletters'))
    .addColumn('name', 'text', notNull)
    .addColumn('mail_type', 'text', emptyText)
    .addColumn('view_order', 'integer', zero)
    .execute();
  for (const [table, column, target] of [
    ['shopper_interests', 'interest_id', 'interests'],
    ['shopper_newsletters', 'newsletter_id', 'newsletters'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('shopper_id', 'integer', (c) => c.notNull().references(cascade('shoppers')).onDelete('cascade'))
      .addColumn(column, 'integer', (c) => c.notNull().references(cascade(target)).onDelete('cascade'))
      .addPrimaryKeyConstraint(`${table}_pkey`, ['shopper_id', column])
      .execute();
  }

  await withId(db, db.schema.createTable('custom_pages'))
    .addColumn('name', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('url', 'text', notNull)
    .addColumn('layout', 'text', notNull)
    .addColumn('icon_url', 'text')
    .addColumn('section', 'integer', zero)
    .addColumn('view_order', 'integer', zero)
    .execute();

  await db.schema
    .createTable('languages')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('is_default', 'integer', flag)
    .addColumn('view_order', 'integer', zero)
    .execute();
  await db.schema
    .createTable('translations')
    .addColumn('language_code', 'text', (c) => c.notNull().references('languages.code').onDelete('cascade'))
    .addColumn('key', 'text', notNull)
    .addColumn('value', 'text', notNull)
    .addPrimaryKeyConstraint('translations_pkey', ['language_code', 'key'])
    .execute();
  await db.schema
    .createTable('currencies')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('display_name', 'text', notNull)
    .addColumn('sign', 'text', notNull)
    .addColumn('view_order', 'integer', zero)
    .execute();
  await db.schema
    .createTable('countries')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('is_shipping', 'integer', flag)
    .addColumn('view_order', 'integer', zero)
    .execute();
  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();
}
