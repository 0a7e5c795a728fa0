/** "Dados da empresa" as the tests save them (a valid CNPJ, check digits and all). */
export const TEST_COMPANY = {
  companyLegalName: "Cardápio Digital Ltda",
  companyCnpj: "11222333000181",
  companyAddress: "Av. Paulista, 1000, sala 101",
  companyDistrict: "Bela Vista",
  companyCity: "São Paulo",
  companyUf: "SP" as const,
  companyCep: "01310100",
};
