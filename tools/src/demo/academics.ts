/**
 * Demo academics: for every course, a batch of the current and of the previous academic year (June
 * to March), 4-8 fee heads per batch, a few hundred students with Kerala and pan-Indian names,
 * addresses and categories, and discounts for about one in ten. Seeded, so every load of the same
 * day gives the same data; one transaction; skipped when the database already has students.
 */
import {
  batches,
  categories,
  type Database,
  discounts,
  feeHeads,
  feeStructures,
  insertStudents,
  type NewStudentRow,
  religions,
  students,
  transaction,
  writeAudit,
} from '@fees/db';
import { calendarDate, COURSES, DEPARTMENTS } from '@fees/validation';
import { addDays } from '@fees/money';
import { count } from 'drizzle-orm';
import { today } from '@fees/server/config';
import { Random } from '@fees/validation/testing';

type Religion = 'Hindu' | 'Muslim' | 'Christian' | 'Sikh' | 'Jain';

/** Name pools; each carries the religion a family with such names would most often state. */
const NAME_POOLS: Array<{ weight: number; religion: Religion; female: string[]; male: string[]; surnames: string[] }> =
  [
    {
      weight: 40,
      religion: 'Hindu',
      female: [
        'Anjali',
        'Devika',
        'Nandana',
        'Sreelakshmi',
        'Gopika',
        'Athira',
        'Arya',
        'Aparna',
        'Keerthana',
        'Meenakshi',
        'Parvathy',
        'Krishnapriya',
        'Anagha',
        'Sandra',
        'Niveditha',
        'Amritha',
      ],
      male: [
        'Arjun',
        'Sreehari',
        'Adithyan',
        'Vishnu',
        'Abhinav',
        'Gokul',
        'Akash',
        'Anandu',
        'Rahul',
        'Sidharth',
        'Navaneeth',
        'Harikrishnan',
        'Vaishakh',
        'Ajay',
        'Sanjay',
        'Abhijith',
      ],
      surnames: [
        'Menon',
        'Nair',
        'Pillai',
        'Warrier',
        'Namboothiri',
        'Kurup',
        'Panicker',
        'Varma',
        'K',
        'P',
        'S',
        'R',
        'M',
        'Das',
        'Krishnan',
        'Raghavan',
      ],
    },
    {
      weight: 20,
      religion: 'Muslim',
      female: [
        'Fathima',
        'Ayisha',
        'Shahana',
        'Rinsha',
        'Nashwa',
        'Hiba',
        'Fida',
        'Sana',
        'Nihala',
        'Shifana',
        'Afeefa',
        'Minha',
      ],
      male: [
        'Muhammed',
        'Shibil',
        'Ashiq',
        'Fahad',
        'Irfan',
        'Ajmal',
        'Nihal',
        'Safwan',
        'Shahid',
        'Rizwan',
        'Anas',
        'Junaid',
      ],
      surnames: ['K', 'P', 'T', 'C', 'Basheer', 'Rahman', 'Ali', 'Koya', 'Haris', 'Salim'],
    },
    {
      weight: 18,
      religion: 'Christian',
      female: [
        'Aleena',
        'Anna',
        'Maria',
        'Treesa',
        'Sneha',
        'Riya',
        'Jisha',
        'Ann',
        'Neethu',
        'Merin',
        'Elsa',
        'Rosemary',
      ],
      male: ['Alan', 'Jithin', 'Jobin', 'Abel', 'Aswin', 'Jeswin', 'Tom', 'Sebin', 'Ebin', 'Kevin', 'Joel', 'Bibin'],
      surnames: [
        'Joseph',
        'Thomas',
        'George',
        'Varghese',
        'Mathew',
        'Jose',
        'Antony',
        'Paul',
        'Kurian',
        'Chacko',
        'Francis',
        'Davis',
      ],
    },
    {
      weight: 18,
      religion: 'Hindu',
      female: [
        'Priya',
        'Aditi',
        'Sneha',
        'Pooja',
        'Kavya',
        'Divya',
        'Ishita',
        'Shruti',
        'Ananya',
        'Lakshmi',
        'Swati',
        'Meera',
      ],
      male: [
        'Rohan',
        'Karthik',
        'Aditya',
        'Varun',
        'Siddharth',
        'Pranav',
        'Nikhil',
        'Harsh',
        'Vivek',
        'Aarav',
        'Manish',
        'Deepak',
      ],
      surnames: [
        'Sharma',
        'Iyer',
        'Rao',
        'Reddy',
        'Gupta',
        'Patil',
        'Kulkarni',
        'Verma',
        'Joshi',
        'Shetty',
        'Mishra',
        'Naidu',
      ],
    },
    {
      weight: 2,
      religion: 'Sikh',
      female: ['Harpreet', 'Simran', 'Gurleen'],
      male: ['Gurpreet', 'Manpreet', 'Jaspreet'],
      surnames: ['Singh', 'Kaur', 'Gill'],
    },
    {
      weight: 2,
      religion: 'Jain',
      female: ['Khushi', 'Siddhi', 'Palak'],
      male: ['Rishabh', 'Parth', 'Mehul'],
      surnames: ['Jain', 'Shah', 'Mehta'],
    },
  ];

const FATHERS: Record<Religion, string[]> = {
  Hindu: [
    'Raghavan',
    'Suresh',
    'Rajesh',
    'Unnikrishnan',
    'Gopalakrishnan',
    'Mohanan',
    'Sasidharan',
    'Ramesh',
    'Anil Kumar',
    'Prakash',
    'Venugopal',
    'Sunil',
  ],
  Muslim: ['Abdul Rahman', 'Basheer', 'Abdul Salam', 'Musthafa', 'Hamza', 'Ashraf', 'Kunhi Mohammed', 'Aboobacker'],
  Christian: ['Joseph', 'Thomas', 'Varghese', 'Mathew', 'George', 'Antony', 'Jose', 'Davis'],
  Sikh: ['Harbhajan Singh', 'Kuldeep Singh', 'Balwinder Singh'],
  Jain: ['Mahendra', 'Rajendra', 'Sunil'],
};

const HOUSES = [
  'Puthenveetil',
  'Kizhakkedath',
  'Thekkumkara',
  'Chirayil',
  'Kalathil',
  'Padinjattil',
  'Pallath',
  'Valiyaparambil',
  'Manjaly',
  'Kottayil',
  'Thottathil',
  'Vadakkekara',
  'Edathil',
  'Mangalath',
  'Palliyalil',
  'Koonathan',
];
const KERALA_PLACES = [
  ['Irinjalakuda', 'Thrissur', '680121'],
  ['Chalakudy', 'Thrissur', '680307'],
  ['Kodungallur', 'Thrissur', '680664'],
  ['Guruvayur', 'Thrissur', '680101'],
  ['Kunnamkulam', 'Thrissur', '680503'],
  ['Mannuthy', 'Thrissur', '680651'],
  ['Ottapalam', 'Palakkad', '679101'],
  ['Shoranur', 'Palakkad', '679121'],
  ['Perinthalmanna', 'Malappuram', '679322'],
  ['Tirur', 'Malappuram', '676101'],
  ['Feroke', 'Kozhikode', '673631'],
  ['Aluva', 'Ernakulam', '683101'],
  ['Angamaly', 'Ernakulam', '683572'],
  ['Kakkanad', 'Ernakulam', '682030'],
  ['Pala', 'Kottayam', '686575'],
  ['Changanassery', 'Kottayam', '686101'],
  ['Cherthala', 'Alappuzha', '688524'],
  ['Kottarakkara', 'Kollam', '691506'],
  ['Nedumangad', 'Thiruvananthapuram', '695541'],
  ['Thalassery', 'Kannur', '670101'],
] as const;
const STREETS = [
  'MG Road',
  'Temple Road',
  'Church Road',
  'Station Road',
  'Mosque Road',
  'Market Road',
  'Gandhi Nagar',
  'Nehru Street',
];
const CITY_ADDRESSES = [
  ['Koramangala', 'Bengaluru', 'Karnataka', '560034'],
  ['Anna Nagar', 'Chennai', 'Tamil Nadu', '600040'],
  ['RS Puram', 'Coimbatore', 'Tamil Nadu', '641002'],
  ['Powai', 'Mumbai', 'Maharashtra', '400076'],
  ['Kothrud', 'Pune', 'Maharashtra', '411038'],
  ['Banjara Hills', 'Hyderabad', 'Telangana', '500034'],
  ['Malviya Nagar', 'New Delhi', 'Delhi', '110017'],
  ['Kadri', 'Mangaluru', 'Karnataka', '575002'],
] as const;
const PHONE_PREFIXES = ['94', '95', '96', '97', '98', '99', '70', '80', '81', '90', '88'];
const CATEGORY_WEIGHTS: Array<[string, number]> = [
  ['General', 45],
  ['OBC', 30],
  ['SC', 8],
  ['ST', 3],
  ['EWS', 7],
  ['OEC', 7],
];
const DISCOUNT_NOTES = [
  'Merit scholarship',
  'Sibling concession',
  'Staff ward',
  'Sports quota',
  'Management concession',
  'Fee waiver',
  'Alumni ward',
];

/** Per department: course length in years, students per batch, age at admission, fee level. */
const PROFILES: Record<
  number,
  { years: number; perBatch: [number, number]; age: [number, number]; feeFactor: number; school?: boolean }
> = {
  100: { years: 3, perBatch: [5, 9], age: [17, 19], feeFactor: 1 },
  101: { years: 2, perBatch: [5, 8], age: [20, 24], feeFactor: 1.3 },
  102: { years: 2, perBatch: [12, 18], age: [18, 25], feeFactor: 1.5 },
  103: { years: 2, perBatch: [12, 18], age: [18, 23], feeFactor: 0.8 },
  104: { years: 2, perBatch: [5, 8], age: [21, 28], feeFactor: 1.4 },
  105: { years: 1, perBatch: [18, 25], age: [5, 15], feeFactor: 0.6, school: true },
};

/** Yearly amounts in rupees at fee level 1; the first three heads every batch has. */
const HEAD_AMOUNTS: Array<[string, number]> = [
  ['Admission Fee', 1500],
  ['Tuition Fee', 22000],
  ['Exam Fee', 1200],
  ['Special Fee', 1800],
  ['University Fee', 2500],
  ['Library Fee', 600],
  ['Laboratory Fee', 2000],
  ['Sports Fee', 400],
  ['PTA Fund', 500],
  ['Caution Deposit', 1000],
  ['Bus Fee', 9000],
  ['Uniform Fee', 2400],
];

export interface DemoAcademicsSummary {
  batches: number;
  feeStructures: number;
  students: number;
  discounts: number;
}

/** The first days of the demo's two academic years (June to March) as of `day`: last year's and the current one. */
export function demoBatchStartDates(day: string): [string, string] {
  const year = Number(day.slice(0, 4));
  const currentStart = Number(day.slice(5, 7)) >= 6 ? year : year - 1;
  return [`${currentStart - 1}-06-01`, `${currentStart}-06-01`];
}

export async function loadDemoAcademics(db: Database): Promise<DemoAcademicsSummary> {
  const empty = { batches: 0, feeStructures: 0, students: 0, discounts: 0 };
  if (((await db.select({ n: count() }).from(students).limit(1))[0]?.n ?? 0) > 0) return empty;

  const day = today();
  const startDates = demoBatchStartDates(day);
  const currentStart = Number(startDates[1]!.slice(0, 4));
  const rand = new Random(currentStart * 1000 + 64);

  const headIds = new Map((await db.select().from(feeHeads)).map((h) => [h.name, h.id]));
  const categoryIds = new Map((await db.select().from(categories)).map((c) => [c.name, c.id]));
  const religionIds = new Map((await db.select().from(religions)).map((r) => [r.name, r.id]));
  const categoryBag = CATEGORY_WEIGHTS.flatMap(([name, weight]) => Array<string>(weight).fill(name));
  const poolBag = NAME_POOLS.flatMap((pool) => Array<(typeof NAME_POOLS)[number]>(pool.weight).fill(pool));
  const existingBatches = await db.select().from(batches);

  return transaction(db, async (tx) => {
    const summary = { ...empty };
    const studentRows: NewStudentRow[] = [];
    const batchHeads = new Map<number, Array<{ feeHeadId: number; amountPaise: number }>>();
    const sequence = new Map<string, number>();

    for (const course of COURSES) {
      const department = DEPARTMENTS.find((d) => d.id === course.departmentId)!;
      const profile = PROFILES[course.departmentId]!;
      for (const startDate of startDates) {
        const startYear = Number(startDate.slice(0, 4));
        const endYear = startYear + profile.years;
        const name = profile.school ? `${startYear}-${String(endYear).slice(2)}` : `${startYear}-${endYear}`;
        let batch = existingBatches.find((b) => b.courseId === course.id && b.name === name);
        if (!batch) {
          batch = (
            await tx
              .insert(batches)
              .values({
                departmentId: course.departmentId,
                courseId: course.id,
                name,
                startDate,
                endDate: `${endYear}-03-31`,
              })
              .returning()
          )[0]!;
          summary.batches++;
        }

        const optional = HEAD_AMOUNTS.slice(3).filter(
          ([head]) =>
            (head !== 'Laboratory Fee' || /Physics|Science|Psychology|BCA|Computer|Health/.test(course.name)) &&
            (head !== 'Bus Fee' || profile.school),
        );
        const extra = rand.int(1, Math.min(5, optional.length));
        const shuffled = optional.map((head) => ({ head, key: rand.next() })).sort((a, b) => a.key - b.key);
        const chosen = [...HEAD_AMOUNTS.slice(0, 3), ...shuffled.slice(0, extra).map((s) => s.head)];
        const heads = chosen
          .filter(([head]) => headIds.has(head))
          .map(([head, rupees]) => {
            const amount = Math.round((rupees * profile.feeFactor * (0.9 + rand.next() * 0.2)) / 50) * 50;
            return { feeHeadId: headIds.get(head)!, amountPaise: amount * 100 };
          });
        const inserted = await tx
          .insert(feeStructures)
          .values(heads.map((h) => ({ ...h, batchId: batch.id, startDate, endDate: `${startYear + 1}-03-31` })))
          .onConflictDoNothing()
          .returning();
        summary.feeStructures += inserted.length;
        batchHeads.set(batch.id, heads);

        const howMany = rand.int(...profile.perBatch);
        for (let n = 0; n < howMany; n++) {
          const key = `${department.code}-${startYear}`;
          const seq = (sequence.get(key) ?? 0) + 1;
          sequence.set(key, seq);
          const pool = rand.pick(poolBag);
          const female = rand.next() < 0.55;
          const first = rand.pick(female ? pool.female : pool.male);
          const surname = rand.pick(pool.surnames);
          const father = rand.pick(FATHERS[pool.religion]);
          const admissionDate = [addDays(startDate, rand.int(0, 45)), day].sort()[0]!;
          const age = rand.int(...profile.age);
          const dateOfBirth = calendarDate(Number(admissionDate.slice(0, 4)) - age, rand.int(1, 12), rand.int(1, 28));
          const local = rand.next() < 0.85;
          const address = local
            ? (() => {
                const [place, district, pin] = rand.pick(KERALA_PLACES);
                return `${rand.pick(HOUSES)} House, ${rand.pick(STREETS)}, ${place}, ${district} - ${pin}, Kerala`;
              })()
            : (() => {
                const [area, city, state, pin] = rand.pick(CITY_ADDRESSES);
                return (
                  `Flat ${rand.int(1, 12)}0${rand.int(1, 9)}, ${rand.pick(STREETS)}, ` +
                  `${area}, ${city}, ${state} - ${pin}`
                );
              })();
          const yy = String(startYear).slice(2);
          studentRows.push({
            departmentId: course.departmentId,
            courseId: course.id,
            batchId: batch.id,
            admissionNo: `${department.code}-${startYear}-${String(seq).padStart(3, '0')}`,
            capId: profile.school
              ? `SAMPOORNA${yy}${rand.int(100000, 999999)}`
              : `CAP${yy}${rand.int(1000000, 9999999)}`,
            name: `${first} ${surname}`,
            admissionDate,
            dateOfBirth,
            gender: female ? 'Female' : 'Male',
            categoryId: categoryIds.get(rand.pick(categoryBag)) ?? 1,
            religionId: rand.next() < 0.92 ? (religionIds.get(pool.religion) ?? null) : null,
            email:
              rand.next() < 0.6
                ? `${first}.${surname}${rand.int(1, 99)}@gmail.com`.toLowerCase().replace(/\s+/g, '')
                : null,
            phone: `${rand.pick(PHONE_PREFIXES)}${rand.int(10000000, 99999999)}`,
            parentName: surname.length > 1 && !father.endsWith(surname) ? `${father} ${surname}` : father,
            address,
            guardianAddress:
              !local || rand.next() < 0.1 ? `${rand.pick(HOUSES)} House, ${rand.pick(KERALA_PLACES)[0]}, Kerala` : null,
          });
        }
      }
    }

    const inserted = await insertStudents(tx, studentRows);
    summary.students = inserted.length;

    const discountRows = inserted
      .filter(() => rand.next() < 0.1)
      .flatMap((s) => {
        const heads = batchHeads.get(s.batchId) ?? [];
        const tuition = heads.find((h) => h.feeHeadId === headIds.get('Tuition Fee')) ?? heads[0];
        if (!tuition) return [];
        const discountPaise = Math.max(
          100_00,
          Math.round((tuition.amountPaise * rand.int(10, 50)) / 100 / 100_00) * 100_00,
        );
        const adjustmentPaise = rand.next() < 0.3 ? rand.int(1, 5) * 100_00 : 0;
        return [
          {
            studentId: s.id,
            feeHeadId: tuition.feeHeadId,
            discountPaise,
            adjustmentPaise: Math.min(adjustmentPaise, tuition.amountPaise - discountPaise),
            note: rand.pick(DISCOUNT_NOTES),
          },
        ];
      });
    if (discountRows.length > 0) await tx.insert(discounts).values(discountRows);
    summary.discounts = discountRows.length;

    await writeAudit(tx, { actor: { userId: null, email: 'demo' }, action: 'import', entity: 'demo', after: summary });
    return summary;
  });
}
