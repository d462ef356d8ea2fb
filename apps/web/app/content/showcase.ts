/**
 * Startup names of /start-up-showcase (spec §2: '2023 Startup Showcase', a static list of about 37
 * names in four columns). The spec does not list the names: these are invented sample names.
 */
import { z } from 'zod';
import { parseContent } from './content-image';

export const ShowcaseSchema = z.object({
  /** True while the names are placeholders; the page says so. */
  sample: z.boolean(),
  names: z.array(z.string().trim().min(1)).min(30).max(45),
});

export const showcase = parseContent('showcase', ShowcaseSchema, {
  sample: true,
  names: [
    'AgroNest Labs',
    'KhetiSense',
    'GramPay',
    'MittiCare',
    'NeerFlow',
    'Annapurna Foods',
    'RuralRx',
    'VidyaVan',
    'SolarSetu',
    'DairyDirect',
    'KisanKart',
    'HaritGrid',
    'PashuHealth',
    'BeejBank',
    'SwasthGram',
    'JalMitra',
    'CropCredit',
    'KrishiLens',
    'GaonConnect',
    'TiffinTrail',
    'MandiMap',
    'SeedSprint',
    'ArogyaLink',
    'ShikshaBox',
    'FarmFresh Route',
    'UrjaKit',
    'LoomLane',
    'PaniPure',
    'BharatBazaar',
    'KhadiCraft',
    'NanoNutri',
    'RainReady',
    'CoopLedger',
    'SpiceTrace',
    'AgriDrone Works',
    'MediMile',
    'SkillSetu',
  ],
});
