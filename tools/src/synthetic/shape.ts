/**
 * The shape of the synthetic foundation: how long each department keeps a batch, its share of the
 * students, and what its fee heads cost. The English Medium School runs LKG to class 12 (14 years),
 * so its students carry the most receipts.
 */
import type { DepartmentId } from '@fees/validation';

export interface DepartmentShape {
  /** Years a batch (an admission cohort) stays. */
  years: number;
  /** Share of all students. */
  share: number;
  /** Fee scale: 1 = a typical arts and science college. */
  feeScale: number;
}

export const DEPARTMENT_SHAPES: Record<DepartmentId, DepartmentShape> = {
  100: { years: 3, share: 0.35, feeScale: 1 },
  101: { years: 2, share: 0.07, feeScale: 1.3 },
  102: { years: 2, share: 0.05, feeScale: 0.8 },
  103: { years: 2, share: 0.05, feeScale: 0.7 },
  104: { years: 2, share: 0.08, feeScale: 1.1 },
  105: { years: 14, share: 0.4, feeScale: 0.6 },
};

/** Rupee range of each default fee head; `perYear` heads are charged for every year of the batch. */
export const FEE_HEAD_PRICES: Record<string, { min: number; max: number; perYear: boolean }> = {
  'Admission Fee': { min: 2_000, max: 10_000, perYear: false },
  'Tuition Fee': { min: 15_000, max: 60_000, perYear: true },
  'Special Fee': { min: 1_000, max: 3_000, perYear: true },
  'Exam Fee': { min: 1_000, max: 4_000, perYear: true },
  'University Fee': { min: 1_000, max: 5_000, perYear: false },
  'Library Fee': { min: 500, max: 2_000, perYear: true },
  'Laboratory Fee': { min: 1_000, max: 5_000, perYear: true },
  'Sports Fee': { min: 500, max: 1_500, perYear: true },
  'PTA Fund': { min: 300, max: 1_000, perYear: true },
  'Caution Deposit': { min: 1_000, max: 5_000, perYear: false },
  'Bus Fee': { min: 8_000, max: 20_000, perYear: true },
  'Uniform Fee': { min: 2_000, max: 5_000, perYear: false },
  'Hostel Fee': { min: 30_000, max: 60_000, perYear: true },
};

export const PAYMENT_MODE_WEIGHTS = [
  ['cash', 0.45],
  ['upi', 0.32],
  ['bank_transfer', 0.1],
  ['cheque', 0.06],
  ['card', 0.07],
] as const;

export const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Akhil',
  'Anjali',
  'Arjun',
  'Asha',
  'Deepa',
  'Devika',
  'Farhan',
  'Fathima',
  'Gokul',
  'Gouri',
  'Hari',
  'Irfan',
  'Jithin',
  'Kavya',
  'Krishna',
  'Lakshmi',
  'Manu',
  'Meera',
  'Midhun',
  'Nandana',
  'Neha',
  'Nikhil',
  'Priya',
  'Rahul',
  'Reshma',
  'Rohit',
  'Sandeep',
  'Sneha',
  'Sreeja',
  'Suresh',
  'Thomas',
  'Vishnu',
  'Varsha',
  'Zainab',
  'Abdul',
  'Alan',
  'Ancy',
  'Binu',
  'Divya',
  'Joseph',
  'Maria',
  'Noufal',
  'Pooja',
  'Sajeev',
  'Tessa',
  'Vivek',
];

export const LAST_NAMES = [
  'Nair',
  'Menon',
  'Pillai',
  'Kumar',
  'Varghese',
  'Joseph',
  'Thomas',
  'Rahman',
  'Krishnan',
  'Das',
  'Sharma',
  'Iyer',
  'Reddy',
  'Rao',
  'Mathew',
  'George',
  'Kurian',
  'Basheer',
  'Nambiar',
  'Warrier',
  'Panicker',
  'Chacko',
  'Ali',
  'Khan',
];

export const PLACES = [
  'Thrissur',
  'Kochi',
  'Kozhikode',
  'Palakkad',
  'Kottayam',
  'Kollam',
  'Alappuzha',
  'Kannur',
  'Malappuram',
  'Kasaragod',
  'Pathanamthitta',
  'Idukki',
  'Wayanad',
  'Thiruvananthapuram',
  'Guruvayur',
  'Chalakudy',
  'Irinjalakuda',
  'Kunnamkulam',
];

export const PARTICULARS = [
  '',
  '',
  '',
  '',
  'First instalment',
  'Second instalment',
  'Term 1',
  'Term 2',
  'Term 3',
  'Balance',
];
